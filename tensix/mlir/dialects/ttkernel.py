"""The `ttkernel` dialect as tt-mlir had it at be6c5b5c98 (include/ttmlir/Dialect/TTKernel/IR/TTKernelOps.td,
TTKernelOpsTypes.td, lib/Dialect/TTKernel/IR/TTKernelOps.cpp): `!ttkernel.cb<address, port, memref>`,
`#ttkernel.thread<noc0|noc1|tensix|ethernet>`, the circular-buffer ops, the 2024 register / FPU ops, `builtin`
(the placeholder the TTMetal route ends in) and `return`."""

from __future__ import annotations

from xdsl.dialects.builtin import IntAttr, IntegerType, MemRefType, StringAttr, SymbolRefAttr
from xdsl.ir import Dialect, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import IRDLOperation, irdl_attr_definition, irdl_op_definition, operand_def, opt_operand_def, prop_def, \
    traits_def, var_operand_def
from xdsl.parser import AttrParser
from xdsl.traits import IsTerminator

from tensix.mlir.dialects import _common as c
from tensix.mlir.dialects.tt import _EnumAttr, _MLIRParams


@irdl_attr_definition
class ThreadTypeAttr(_EnumAttr):
    name = "ttkernel.thread"
    CASES = ("noc0", "noc1", "tensix", "ethernet")


@irdl_attr_definition
class CBType(_MLIRParams, ParametrizedAttribute, TypeAttribute):
    """`!ttkernel.cb<address, port, memref>` (the pre-2024-08-21 form)."""

    name = "ttkernel.cb"
    address: IntAttr
    port: IntAttr
    memref: MemRefType

    def __init__(self, address: int, port: int, memref: MemRefType):
        super().__init__(IntAttr(address), IntAttr(port), memref)

    @classmethod
    def parse_parameters(cls, parser: AttrParser):
        with parser.in_angle_brackets():
            address = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            port = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            pos = parser.pos
            memref = parser.parse_type()
            if not isinstance(memref, MemRefType):
                parser.raise_error("expected a memref as the third !ttkernel.cb parameter", pos, parser.pos)
        return (IntAttr(address), IntAttr(port), memref)

    def mlir_params(self, p) -> str:
        return f"<{self.address.data}, {self.port.data}, {p.type(self.memref)}>"


for _cls in (ThreadTypeAttr, CBType):
    _cls.__eq__ = _MLIRParams.__eq__
    _cls.__hash__ = _MLIRParams.__hash__


def _dispatch_and_thread(op):
    """The enclosing ttmetal.dispatch and the thread type of the region `op` is in (TTKernelOps.cpp)."""
    region = op.parent_region()
    parent = op.parent_op()
    while parent is not None and parent.name != "ttmetal.dispatch":
        region = parent.parent_region()
        parent = parent.parent_op()
    if parent is None:
        return None, None
    index = list(parent.regions).index(region)
    threads = parent.properties["threadTypes"].data
    return parent, threads[index].case if index < len(threads) else None


def _in_dispatch_or_top_func(op) -> bool:
    if _dispatch_and_thread(op)[0] is not None:
        return True
    parent = op.parent_op()
    return parent is not None and parent.name == "func.func" and parent.parent_op() is not None and \
        parent.parent_op().name == "builtin.module"


def _cb_op(mnemonic: str, cls_name: str):
    class _Op(IRDLOperation):
        cb = operand_def(CBType)
        num_pages = opt_operand_def(IntegerType(32))   # later tt-mlir's form; the 2024 form has none (whole CB)

        def verify_(self) -> None:
            if not _in_dispatch_or_top_func(self):
                c.fail(f"{cls_name} must be inside of a DispatchOp region")

    _Op.__name__ = _Op.__qualname__ = cls_name
    _Op.name = f"ttkernel.{mnemonic}"
    return irdl_op_definition(_Op)


CBPushBackOp = _cb_op("cb_push_back", "CBPushBackOp")
CBPopFrontOp = _cb_op("cb_pop_front", "CBPopFrontOp")
CBReserveBackOp = _cb_op("cb_reserve_back", "CBReserveBackOp")
CBWaitFrontOp = _cb_op("cb_wait_front", "CBWaitFrontOp")


@irdl_op_definition
class BuiltinOp(IRDLOperation):
    """`ttkernel.builtin {op = @mulitply, kind = @eltwise}`: the kernel as one opaque call on its CBs."""

    name = "ttkernel.builtin"
    op = prop_def(SymbolRefAttr)
    kind = prop_def(SymbolRefAttr)
    args = var_operand_def()

    def verify_(self) -> None:
        dispatch, thread = _dispatch_and_thread(self)
        if dispatch is None:
            c.fail("KernelOp must be inside of a DispatchOp region")
        if thread != "tensix":
            c.fail("KernelOp must be inside of a Tensix thread")


@irdl_op_definition
class ReturnOp(IRDLOperation):
    name = "ttkernel.return"
    traits = traits_def(IsTerminator())

    def verify_(self) -> None:
        if not _in_dispatch_or_top_func(self):
            c.fail("ReturnOp must be inside of a DispatchOp region")


def _dst_op(mnemonic: str):
    cls = type(f"{mnemonic.title().replace('_', '')}Op", (IRDLOperation,),
               {"name": f"ttkernel.{mnemonic}", "dst_index": operand_def(IntegerType(32))})
    return irdl_op_definition(cls)


AddOp, SubOp, MulOp, MatmulOp = (_dst_op(m) for m in ("add", "sub", "mul", "matmul"))


@irdl_op_definition
class AcquireDstOp(IRDLOperation):
    name = "ttkernel.acquire_dst"


@irdl_op_definition
class ReleaseDstOp(IRDLOperation):
    name = "ttkernel.release_dst"


@irdl_op_definition
class UnpackAOp(IRDLOperation):
    name = "ttkernel.unpack_a"
    cb = operand_def(CBType)
    src_index = operand_def(IntegerType(32))


@irdl_op_definition
class UnpackABOp(IRDLOperation):
    name = "ttkernel.unpack_ab"
    cb_a = operand_def(CBType)
    src_a_index = operand_def(IntegerType(32))
    cb_b = operand_def(CBType)
    src_b_index = operand_def(IntegerType(32))


@irdl_op_definition
class PackOp(IRDLOperation):
    name = "ttkernel.pack"
    dst_index = operand_def(IntegerType(32))
    out_cb = operand_def(CBType)
    out_index = operand_def(IntegerType(32))


@irdl_op_definition
class PackSetDataTypeOp(IRDLOperation):
    name = "ttkernel.pack_set_data_type"
    data_type = prop_def(StringAttr)


# ---------------------------------------------------------------------------------------------- tile-level compute
# The compute API ops tt-mlir added to TTKernel from 2024-08-21 on (TTKernelOps.td), named after tt-metal's
# compute_kernel_api: `--ttkernel-lower-builtin` writes the `builtin` placeholder out with them.
I32 = IntegerType(32)


def _api_op(mnemonic: str, operands: tuple[tuple[str, object], ...]):
    body = {"name": f"ttkernel.{mnemonic}", "__module__": __name__}
    for field, constraint in operands:
        body[field] = operand_def(constraint)
    cls = type("".join(p.title() for p in mnemonic.split("_")) + "Op", (IRDLOperation,), body)
    return irdl_op_definition(cls)


TileRegsAcquireOp = _api_op("tile_regs_acquire", ())
TileRegsCommitOp = _api_op("tile_regs_commit", ())
TileRegsWaitOp = _api_op("tile_regs_wait", ())
TileRegsReleaseOp = _api_op("tile_regs_release", ())
BinaryOpInitCommonOp = _api_op("binary_op_init_common", (("in0_cb", CBType), ("in1_cb", CBType), ("out_cb", CBType)))
AddTilesInitOp = _api_op("add_tiles_init", (("in0_cb", CBType), ("in1_cb", CBType)))
MulTilesInitOp = _api_op("mul_tiles_init", (("in0_cb", CBType), ("in1_cb", CBType)))
SubTilesInitOp = _api_op("sub_tiles_init", (("in0_cb", CBType), ("in1_cb", CBType)))
_TILES = (("in0_cb", CBType), ("in1_cb", CBType), ("in0_tile_index", I32), ("in1_tile_index", I32), ("dst_index", I32))
AddTilesOp = _api_op("add_tiles", _TILES)
MulTilesOp = _api_op("mul_tiles", _TILES)
SubTilesOp = _api_op("sub_tiles", _TILES)
InitSFPUOp = _api_op("init_sfpu", (("in_cb", CBType), ("out_cb", CBType)))
CopyTileInitOp = _api_op("copy_tile_init", (("cb", CBType),))
CopyTileOp = _api_op("copy_tile", (("cb", CBType), ("tile_index", I32), ("dst_index", I32)))
ReluTileInitOp = _api_op("relu_tile_init", ())
ReluTileOp = _api_op("relu_tile", (("dst_index", I32),))
# the SFPU comparisons of ttnn's binary_ng (eltwise_binary_sfpu_no_bcast.cpp): both operands copied into Dst
_SFPU_BINARY = (("dst_index0", I32), ("dst_index1", I32), ("odst", I32))
CopyTileToDstInitShortWithDtOp = _api_op("copy_tile_to_dst_init_short_with_dt", (("old_cb", CBType), ("new_cb", CBType)))
GeBinaryTileInitOp = _api_op("ge_binary_tile_init", ())
GeBinaryTileOp = _api_op("ge_binary_tile", _SFPU_BINARY)
PackTileOp = _api_op("pack_tile", (("dst_index", I32), ("out_cb", CBType), ("out_index", I32)))
MmInitOp = _api_op("mm_init", (("in0_cb", CBType), ("in1_cb", CBType), ("out_cb", CBType)))
MatmulTilesOp = _api_op("matmul_tiles", (("in0_cb", CBType), ("in1_cb", CBType), ("in0_tile_index", I32),
                                         ("in1_tile_index", I32), ("dst_index", I32), ("transpose", I32)))

COMPUTE_API = (TileRegsAcquireOp, TileRegsCommitOp, TileRegsWaitOp, TileRegsReleaseOp, BinaryOpInitCommonOp,
               AddTilesInitOp, MulTilesInitOp, SubTilesInitOp, AddTilesOp, MulTilesOp, SubTilesOp, InitSFPUOp,
               CopyTileInitOp, CopyTileOp, ReluTileInitOp, ReluTileOp, CopyTileToDstInitShortWithDtOp,
               GeBinaryTileInitOp, GeBinaryTileOp, PackTileOp, MmInitOp, MatmulTilesOp)

TTKernel = Dialect("ttkernel", [CBPushBackOp, CBPopFrontOp, CBReserveBackOp, CBWaitFrontOp, BuiltinOp, ReturnOp,
                                AddOp, SubOp, MulOp, MatmulOp, AcquireDstOp, ReleaseDstOp, UnpackAOp, UnpackABOp,
                                PackOp, PackSetDataTypeOp, *COMPUTE_API], [ThreadTypeAttr, CBType])
