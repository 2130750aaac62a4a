"""Element-wise binary ops (ttnn.add, subtract, multiply, divide, div, maximum, minimum, squared_difference, rsub,
remainder, fmod, the comparisons and logical ops, ldexp, logaddexp(2), bias_gelu, hypot, bitwise_and / _or / _xor and
the in-place forms) as tt-metal 622c6fb9 runs them on Wormhole: binary_ng programs.

Sources (tt-metal 622c6fb9): ttnn/cpp/ttnn/operations/eltwise/binary/binary.cpp (invoke_binary_ng_impl: output
dtype, layouts), binary/device/binary_composite_op.cpp (maximum / minimum), binary_ng/device/
binary_ng_device_operation.cpp (prim::binary_ng: subtile broadcast type, is_binary_sfpu_op, memory config,
validation, output spec, program hash), binary_ng_utils.cpp (OpConfig: what each op lowers to on the FPU or the
SFPU, the SFPU init/op pair, the kernel files, pack_scalar_runtime_arg, make_dataflow_defines) and
binary_ng_program_factory.cpp (CBs, kernels, defines, compute config, per-core runtime args).

What the ops lower to at this commit (binary_ng_utils.cpp OpConfig, is_binary_sfpu_op):
- add / subtract: FPU (ELWADD / ELWSUB) for bfloat16 / bfloat8_b; SFPU (add/sub_binary_tile) when both operands are
  float32, {add,sub}_int_tile<format> for two tensors of one integer dtype.
- multiply: the SFPU (mul_binary_tile) unless fast_and_approximate_mode, which ttnn.multiply sets for block-float
  operands: bfloat16 x bfloat16 runs mul_binary_tile (round to nearest even), bfloat8_b runs ELWMUL on the FPU.
- divide: the SFPU (div_binary_tile) unless fast_and_approximate_mode with non-float32 operands: then the FPU
  multiplies by the reciprocal of b computed on the SFPU (recip_tile<false> as b's activation into c_4).
- maximum / minimum of tensors: always the SFPU (binary_max_tile / binary_min_tile; for INT32 / UINT32 operands
  binary_{max,min}_{int32,uint32}_tile, tt-llk's integer kernel); with a scalar they are the unary ops UNARY_MAX /
  UNARY_MIN (tensix.ttnn.operations.unary). Integer multiply / rsub are mul_int_tile / rsub_int_tile<format>
  (mul_int32 for INT32 / UINT32: tensix.sfpi.llk_int); the float kernels binary_ng runs on other integer operands
  (div / fmod / power of unsigned dtypes) are not modelled.
- squared_difference: SUB then the post activation SQUARE (square_tile), FPU or SFPU as subtract.
- remainder / fmod of tensors (binary_composite_op.cpp -> invoke_binary_ng REMAINDER / FMOD): always the SFPU
  (remainder_binary_tile / fmod_binary_tile, tt-metal 622c6fb9's float kernels; remainder_int32_tile /
  fmod_int32_tile for INT32 operands, tensix.sfpi.llk_int; remainder of unsigned dtypes is refused as ttnn does); with a
  number b they are the unary ops UnaryOpType::REMAINDER / FMOD (remainder_tile / fmod_tile with the number and its
  float reciprocal, tensix.ttnn.operations.unary).
- rsub (b - a): the SFPU's rsub_binary_tile, or on the FPU NEG of a (negative_tile into c_3) then ELWADD.
- xlogy / atan2 / isclose (tensix.ttnn.operations.binary_special): always the SFPU (xlogy_binary_tile,
  atan2_binary_tile, isclose_binary_tile<ISCLOSE_EQUAL_NAN> with rtol / atol in compute runtime args 3 and 4).
- ldexp (a * 2**b), logaddexp, logaddexp2, bias_gelu (gelu(a + b)), hypot: unary activations around an add / mul
  (OpConfig process_lhs / process_rhs / postprocess: EXP2, EXP / LOG, EXP2 / LOG2, GELU, SQUARE / SQRT), on the SFPU
  for two float32 operands, else the FPU between the SFPU activations; op_has_exp (ldexp, logaddexp, logaddexp2)
  makes the FPU path's intermediate CBs Float16_b and turns the LLK broadcast off, and a block-float lhs of ldexp is
  typecast to bfloat16 first (binary_ng_program_factory.cpp). bias_gelu with a number is ttnn.gelu(ttnn.add(...)).
- bitwise_and / _or / _xor: the SFPU's bitwise_{and,or,xor}_binary_tile<Int32 / UInt32 / UInt16> for two tensors of
  one integer dtype (or a tensor and an int); no FPU form.
- div (binary_composite_op.cpp div, its own binding): DIV for float operands (dtype not passed on), with
  rounding_mode "trunc" / "floor" the quotient then ttnn.trunc / ttnn.floor; for INT32 DIV (div_int32_tile, a
  FLOAT32 result) and DIV_FLOOR / DIV_TRUNC (div_int32_{floor,trunc}_tile, tensix.sfpi.llk_int). gt_ / lt_ / ge_ /
  le_ / eq_ / ne_: the comparisons written into a.

Broadcasts: outer dims by the readers' strides; subtile broadcasts (ROW: [..., 1, W], COL: [..., H, 1], SCALAR:
[..., 1, 1], on either side, and ROW/COL mixed) with the readers and compute kernels binary_ng picks: the LLK
broadcast (unary_bcast into c_5 / c_6) when both operands have the same dtype, else the reader fills the tile. A
Python number as b is binary_ng's scalar op (writer_interleaved_scalar fills c_1 once). The kernels run on the
worker grid (get_worker_grid: sub_core_grids or sub_device_id's cores, else the whole compute grid, or with a loaded
sub-device manager the sub-device a sharded operand's grid intersects or the first one: tensix.ttnn.sub_device
op_worker_grid), the output tiles split row-wise over it range by range (split_work_to_cores(CoreRangeSet)).

Sharding (binary_ng_utils.cpp is_native_L1_sharding, binary_ng_program_factory.cpp get_shard_specs): the output
memory config as prim::binary_ng picks it (a sharded input's spec adjusted to the output, ...); on the native L1
path a sharded tensor's CB is its shard (the reader pushes it, the writer has nothing to write), an interleaved one
is read shard-wise (each core its output shard: c_start_id from the shard's position, c_current_shard_width tiles a
row), 8 tiles a cycle on the FPU / 2 on the SFPU when a, b and c (or a and c with a scalar) are all sharded. The
native cases: a, b and c sharded alike (uneven shards too), L1 inputs of one memory config into a sharded output, a
height-sharded a with an interleaved COL / SCALAR broadcast b, a sharded a with a scalar. Off the native path
(get_shard_specs gives nullopt: mixed memory configs, DRAM, uneven shards of different specs) the interleaved program
runs, its readers and writer reaching the sharded buffers' pages through TensorAccessors over them.

Row-major (should_use_row_major_path: a and b ROW_MAJOR, a number b counting as one, nothing sharded): the output is
ROW_MAJOR and the row-major program runs (_factory_rm): the tiled program's CBs and compute kernel, each CB page
rows_per_tile rows (or a tile's bytes of one row) read by reader_binary_ng_rm_no_bcast / reader_binary_ng_rm_scalar_op
and written back by writer_binary_ng_rm_no_bcast (kernels_ng/dataflow/*_rm_*.cpp), the row blocks split over the
cores. Outer-dim broadcasts run there, and every subtile broadcast: ROW_A/B / COL_A/B / SCALAR_A/B and the mixed
ROW_B_COL_A / ROW_A_COL_B (reader_binary_ng_rm_row_bcast / _col_bcast / _scalar_bcast / _row_col_mixed_bcast: the
broadcast row / datum spread in L1 by FILL_TILE_WITH_FIRST_{ROW,COLUMN}_RM; no LLK broadcast, freq 1 / counter 0).
Row-major operands one of which is sharded take invoke_binary_ng_impl's round trip: each tilized by ttnn::to_layout
in its own memory config (a row-major shard that is not whole tiles fails there, as on the card), the tiled op, and
the result untilized back to ROW_MAJOR in its memory config.

Not modelled (NotModelledError): integer operands (the SFPU
integer ops), quantisation and where ops.
"""

from __future__ import annotations

import enum
import struct
import time
from dataclasses import dataclass, field

import numpy as np

from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.kernel import EltwiseBinaryType, add_tiles, mul_tiles, sub_tiles
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreRangeSet, ReaderDataMovementConfig, UnpackToDestMode,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, ShardSpecError, TTNNError
from tensix.ttnn.kernels.eltwise.eltwise_api import FpuMath, SfpuMath
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import TILE_SIZE, DataType, Layout, MemoryConfig, Shape, data_format

__all__ = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "squared_difference", "rsub", "sub", "mul",
           "div", "add_", "subtract_", "multiply_", "divide_", "sub_", "mul_", "BinaryOpType",
           "gt", "lt", "ge", "le", "eq", "ne", "deg2rad", "rad2deg", "logical_and", "logical_or", "logical_xor",
           "logical_and_", "logical_or_", "logical_xor_", "remainder", "fmod", "ldexp", "logaddexp", "logaddexp2",
           "ldexp_", "logaddexp_", "logaddexp2_", "bias_gelu", "bias_gelu_", "hypot",
           "gt_", "lt_", "ge_", "le_", "eq_", "ne_", "bitwise_and", "bitwise_or", "bitwise_xor",
           "bitwise_left_shift", "bitwise_right_shift", "logical_left_shift", "logical_right_shift"]


class BinaryOpType(enum.Enum):
    """ttnn's BinaryOpType (the ones tensix runs)."""
    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    DIV = "div"
    MAXIMUM = "maximum"
    MINIMUM = "minimum"
    SQUARED_DIFFERENCE = "squared_difference"
    RSUB = "rsub"
    GT = "gt"
    LT = "lt"
    GE = "ge"
    LE = "le"
    EQ = "eq"
    NE = "ne"
    LOGICAL_AND = "logical_and"
    LOGICAL_OR = "logical_or"
    LOGICAL_XOR = "logical_xor"
    REMAINDER = "remainder"
    FMOD = "fmod"
    POWER = "power"
    LDEXP = "ldexp"
    LOGADDEXP = "logaddexp"
    LOGADDEXP2 = "logaddexp2"
    BIAS_GELU = "bias_gelu"
    HYPOT = "hypot"
    BITWISE_AND = "bitwise_and"
    BITWISE_OR = "bitwise_or"
    BITWISE_XOR = "bitwise_xor"
    LEFT_SHIFT = "left_shift"
    RIGHT_SHIFT = "right_shift"
    LOGICAL_RIGHT_SHIFT = "logical_right_shift"
    DIV_FLOOR = "div_floor"     # INT32 only: ttnn.div(rounding_mode="floor" / "trunc") (div_int32_{floor,trunc}_tile)
    DIV_TRUNC = "div_trunc"
    XLOGY = "xlogy"             # the SFPU ops of tensix.ttnn.operations.binary_special (helper-61)
    ATAN2 = "atan2"
    ISCLOSE = "isclose"


_LOGICAL = (BinaryOpType.LOGICAL_AND, BinaryOpType.LOGICAL_OR, BinaryOpType.LOGICAL_XOR)
# binary_ng_utils.cpp OpConfig: ops that are an FPU / SFPU add or mul between unary activations (process_lhs,
# process_rhs, binary op, postprocess); the SFPU only for two float32 operands (is_binary_sfpu_op)
_COMPOSED = {"LDEXP": (None, "EXP2", "mul", None), "LOGADDEXP": ("EXP", "EXP", "add", "LOG"),
             "LOGADDEXP2": ("EXP2", "EXP2", "add", "LOG2"), "BIAS_GELU": (None, None, "add", "GELU"),
             "HYPOT": ("SQUARE", "SQUARE", "add", "SQRT")}
# binary_ng_program_factory.cpp op_has_exp: their FPU intermediate CBs (c_3 / c_4) are Float16_b, and the LLK
# broadcast is off for them (the B2D broadcast of block floats rounds, which EXP / EXP2 amplify)
_HAS_EXP = ("LDEXP", "LOGADDEXP", "LOGADDEXP2")
_BITWISE = ("BITWISE_AND", "BITWISE_OR", "BITWISE_XOR")
_COMPARISONS = (BinaryOpType.GT, BinaryOpType.LT, BinaryOpType.GE, BinaryOpType.LE, BinaryOpType.EQ,
                BinaryOpType.NE)


class Bcast(enum.Enum):
    """binary_ng SubtileBroadcastType."""
    NONE = 0
    SCALAR_A = 1
    SCALAR_B = 2
    ROW_A = 3
    ROW_B = 4
    COL_A = 5
    COL_B = 6
    ROW_A_COL_B = 7
    ROW_B_COL_A = 8


_INT = (DataType.INT32, DataType.UINT32, DataType.UINT16)
_BLOCK = (DataType.BFLOAT8_B, DataType.BFLOAT4_B)


def _dim(shape, i: int) -> int:
    """ttnn Shape[i] for a negative i: 1 beyond the rank (ShapeBase keeps leading ones)."""
    return shape[i] if -i <= len(shape) else 1


def subtile_broadcast_type(a_h, a_w, b_h, b_w) -> Bcast:
    """binary_ng_device_operation.cpp get_subtile_broadcast_type."""
    if a_h == b_h and a_w == b_w:
        return Bcast.NONE
    if a_h == 1 and a_w == 1:
        return Bcast.SCALAR_A
    if b_h == 1 and b_w == 1:
        return Bcast.SCALAR_B
    if a_h == 1 and b_w == 1:
        return Bcast.ROW_A_COL_B
    if a_w == 1 and b_h == 1:
        return Bcast.ROW_B_COL_A
    if a_h == 1:
        return Bcast.ROW_A
    if a_w == 1:
        return Bcast.COL_A
    if b_h == 1:
        return Bcast.ROW_B
    if b_w == 1:
        return Bcast.COL_B
    raise ShapeError(f"binary_ng: Invalid subtile broadcast type (heights x widths {a_h}x{a_w} and {b_h}x{b_w}).\n"
                     "Fix: make the last two dims equal, or 1 where one operand broadcasts.")


def is_binary_sfpu_op(op: BinaryOpType, a: DataType, b: DataType, fast_and_approximate_mode: bool = False) -> bool:
    """binary_ng_device_operation.cpp utils::is_binary_sfpu_op."""
    if op in (BinaryOpType.ADD, BinaryOpType.SUB, BinaryOpType.SQUARED_DIFFERENCE, BinaryOpType.RSUB) + _LOGICAL:
        return a == b and a in (DataType.FLOAT32,) + _INT
    if op == BinaryOpType.MUL:
        return not fast_and_approximate_mode or (a == b and a in (DataType.FLOAT32,) + _INT)
    if op == BinaryOpType.DIV:
        return (not fast_and_approximate_mode or (a == DataType.FLOAT32 and b == DataType.FLOAT32)
                or (a == DataType.INT32 and b == DataType.INT32))
    if op in _COMPARISONS:
        return a == b and a in (DataType.FLOAT32, DataType.BFLOAT16) + _INT
    if op.name in _COMPOSED:
        return a == DataType.FLOAT32 and b == DataType.FLOAT32
    if op.name in _BITWISE:
        return a == b and a in _INT
    if op in (BinaryOpType.LEFT_SHIFT, BinaryOpType.RIGHT_SHIFT):
        return a in _INT and b in _INT
    if op == BinaryOpType.LOGICAL_RIGHT_SHIFT:
        return a in (DataType.INT32, DataType.UINT32) and b in (DataType.INT32, DataType.UINT32)
    return op in (BinaryOpType.MAXIMUM, BinaryOpType.MINIMUM, BinaryOpType.REMAINDER, BinaryOpType.FMOD,
                  BinaryOpType.POWER, BinaryOpType.XLOGY, BinaryOpType.ATAN2, BinaryOpType.ISCLOSE,
                  BinaryOpType.DIV_FLOOR, BinaryOpType.DIV_TRUNC)


@dataclass
class OpConfig:
    """binary_ng_utils.cpp OpConfig: the FPU or SFPU op and the activations an op type adds (process_lhs,
    process_rhs, postprocess: UnaryOpType names)."""
    sfpu: bool
    binary_op: str                  # "add" | "sub" | "mul" | "div" | "rsub" | "maximum" | "minimum"
    process_lhs: str | None = None
    process_rhs: str | None = None
    postprocess: str | None = None


def op_config(op: BinaryOpType, sfpu: bool, dtype: DataType | None = None) -> OpConfig:
    """binary_ng_utils.cpp OpConfig of an op type, for the FPU or the SFPU; `dtype` (the lhs dtype) decides eq / ne
    on the SFPU: a float compare for FLOAT32 / BFLOAT16, else a subtraction then EQZ / NEZ."""
    c = OpConfig(sfpu, "sub")
    if op == BinaryOpType.ADD:
        c.binary_op = "add"
    elif op == BinaryOpType.MUL:
        c.binary_op = "mul"
    elif op == BinaryOpType.DIV:
        if sfpu:
            c.binary_op = "div"
        else:
            c.process_rhs, c.binary_op = "RECIP", "mul"
    elif op == BinaryOpType.RSUB:
        if sfpu:
            c.binary_op = "rsub"
        else:
            c.process_lhs, c.binary_op = "NEG", "add"
    elif op == BinaryOpType.SQUARED_DIFFERENCE:
        c.postprocess = "SQUARE"
    elif op in _LOGICAL:          # NEZ of each side, then mul (and) / add (or) / sub (xor), then NEZ
        c.process_lhs = c.process_rhs = c.postprocess = "NEZ"
        c.binary_op = {BinaryOpType.LOGICAL_AND: "mul", BinaryOpType.LOGICAL_OR: "add"}.get(op, "sub")
    elif op in (BinaryOpType.EQ, BinaryOpType.NE) and sfpu and dtype in _INT:
        c.postprocess = op.name + "Z"       # sub_int_tile, then EQZ / NEZ of the integer difference
    elif op in _COMPARISONS:      # the SFPU's <op>_binary_tile, or on the FPU a - b then GTZ / LTZ / ... of it
        if sfpu:
            c.binary_op = op.value
        else:
            c.postprocess = op.name + "Z"
    elif op in (BinaryOpType.REMAINDER, BinaryOpType.FMOD, BinaryOpType.POWER, BinaryOpType.XLOGY,
                BinaryOpType.ATAN2, BinaryOpType.ISCLOSE, BinaryOpType.DIV_FLOOR,
                BinaryOpType.DIV_TRUNC):      # SfpuBinaryOp::..., SFPU only
        if not sfpu:
            raise TTNNError(f"Unsupported binary op for FPU {op.name}")
        c.binary_op = op.value
    elif op in (BinaryOpType.MAXIMUM, BinaryOpType.MINIMUM):
        if not sfpu:
            raise TTNNError(f"Unsupported binary op for FPU {op.name}")
        c.binary_op = op.value
    elif op.name in _COMPOSED:
        c.process_lhs, c.process_rhs, c.binary_op, c.postprocess = _COMPOSED[op.name]
    elif op.name in _BITWISE or op in (BinaryOpType.LEFT_SHIFT, BinaryOpType.RIGHT_SHIFT,
                                       BinaryOpType.LOGICAL_RIGHT_SHIFT):
        if not sfpu:
            raise TTNNError(f"Unsupported binary op for FPU {op.name}")
        c.binary_op = op.value
    return c


_FPU_OPS = {"add": (add_tiles, EltwiseBinaryType.ELWADD), "sub": (sub_tiles, EltwiseBinaryType.ELWSUB),
            "mul": (mul_tiles, EltwiseBinaryType.ELWMUL)}
_SFPU_OPS = {"add": "add_binary", "sub": "sub_binary", "rsub": "rsub_binary", "mul": "mul_binary",
             "div": "div_binary", "maximum": "binary_max", "minimum": "binary_min",
             "remainder": "remainder_binary", "fmod": "fmod_binary", "power": "power_binary",
             "xlogy": "xlogy_binary", "atan2": "atan2_binary",
             **{c.value: f"{c.value}_binary" for c in _COMPARISONS}}


def _sfpu_math(binary_op: str, dtype: DataType, pack_relu: bool) -> SfpuMath:
    """binary_ng_utils.cpp get_sfpu_init_fn: the init / op pair for the SFPU kernels. Integer operands: maximum and
    minimum of INT32 / UINT32 (binary_{max,min}_{int32,uint32}_tile), add / sub / mul / rsub / lt / gt / le / ge of
    INT32 / UINT32 / UINT16 ({op}_int_tile<format>: mul_int32 for INT32 / UINT32, tt-llk's _mul_int_ for UINT16; eq / ne
    are a sub then EQZ / NEZ, op_config); the other integer ops are not modelled."""
    if binary_op == "remainder" and dtype in (DataType.UINT32, DataType.UINT16, DataType.UINT8):
        raise TTNNError(f"Unsupported data type for remainder {dtype!r}")
    if dtype == DataType.INT32 and binary_op in ("remainder", "fmod"):     # {op}_int32_tile (tensix.sfpi.llk_int)
        name = f"{binary_op}_int32"
    elif dtype in (DataType.INT32, DataType.UINT32) and binary_op in ("maximum", "minimum"):
        name = f"binary_{binary_op[:3]}_{'int32' if dtype == DataType.INT32 else 'uint32'}"
    elif dtype == DataType.INT32 and binary_op in ("div", "div_floor", "div_trunc"):    # div_int32{,_floor,_trunc}_tile
        name = "div_int32" + binary_op[3:]
    elif binary_op in ("left_shift", "right_shift", "logical_right_shift"):     # binary_{op}_tile<format, Int32 ...>
        import tensix.kernel as K
        fmt = {DataType.UINT32: "UInt32", DataType.UINT16: "UInt16"}.get(dtype, "Int32")
        op_fn = getattr(K, f"binary_{binary_op}_tile")
        return SfpuMath(lambda i0, i1, o: op_fn(i0, i1, o, data_format=fmt), K.binary_shift_tile_init, pack_relu)
    elif binary_op.startswith("bitwise_"):      # bitwise_{and,or,xor}_binary_tile<format, UInt16 for a float>
        import tensix.kernel as K
        fmt = {DataType.INT32: "Int32", DataType.UINT32: "UInt32"}.get(dtype, "UInt16")
        op_fn = getattr(K, f"{binary_op}_binary_tile")
        return SfpuMath(lambda i0, i1, o: op_fn(i0, i1, o, data_format=fmt), K.binary_bitwise_tile_init, pack_relu)
    elif dtype in _INT and binary_op in ("lt", "gt", "le", "ge", "add", "sub", "mul", "rsub"):  # {op}_int_tile<fmt>
        import tensix.kernel as K
        fmt = {DataType.INT32: "Int32", DataType.UINT32: "UInt32", DataType.UINT16: "UInt16"}[dtype]
        op_fn, init_fn = getattr(K, f"{binary_op}_int_tile"), getattr(K, f"{binary_op}_int_tile_init")
        return SfpuMath(lambda i0, i1, o: op_fn(i0, i1, o, data_format=fmt), lambda: init_fn(fmt), pack_relu)
    elif dtype in _INT:
        # get_sfpu_init_fn: no integer kernel for these (div of UINT32 / UINT16, fmod of unsigned, power...): the
        # float kernel ({op}_binary_tile) on the integer words, which tensix does not run
        kernel = _SFPU_OPS.get(binary_op, binary_op)
        raise NotModelledError(f"binary_ng's SFPU {binary_op} of {dtype!r} operands ({kernel}_tile, the float kernel, "
                               "on integer words; div_int32_tile is INT32's) is not modelled by tensix.ttnn.\nFix: "
                               "ttnn.typecast the operands to float32 first.")
    else:
        name = _SFPU_OPS[binary_op]
    import tensix.kernel as K
    op = getattr(K, f"{name}_tile", None)
    init = getattr(K, f"{name}_tile_init", None)
    if op is None or init is None:
        raise NotModelledError(f"binary_ng's SFPU path needs {name}_tile, which tensix.kernel does not have yet.")
    return SfpuMath(op, init, pack_relu)


def pack_scalar_runtime_arg(scalar, dtype: DataType) -> int:
    """binary_ng_utils.cpp pack_scalar_runtime_arg: float32 bits for FLOAT32, the int32 / uint32 value for those,
    a uint16 twice for UINT16, else two bfloat16s (round to nearest even) in a word."""
    if dtype == DataType.FLOAT32:
        return struct.unpack("<I", struct.pack("<f", float(scalar)))[0]
    if dtype == DataType.INT32:
        return int(np.int64(int(scalar)) & 0xFFFFFFFF)
    if dtype == DataType.UINT32:
        return int(np.int64(int(scalar)) & 0xFFFFFFFF)
    if dtype == DataType.UINT16:
        v = int(np.uint16(np.float32(scalar))) if float(scalar) >= 0 else 0
        return (v << 16) | v
    bits = np.array([np.float32(scalar)], np.float32).view(np.uint32)
    bf = int(formats.fp32_to_bf16_rne(bits)[0]) & 0xFFFF
    return (bf << 16) | bf


def is_typecast(i: DataType, o: DataType) -> bool:
    """binary_op_utils.cpp is_typecast: the output dtypes the post activation TYPECAST makes (others: the packer)."""
    d = DataType
    pairs = {(d.BFLOAT4_B, d.INT32), (d.BFLOAT4_B, d.UINT16), (d.BFLOAT4_B, d.UINT32), (d.BFLOAT8_B, d.INT32),
             (d.BFLOAT8_B, d.UINT16), (d.BFLOAT8_B, d.UINT32), (d.BFLOAT16, d.INT32), (d.BFLOAT16, d.UINT16),
             (d.BFLOAT16, d.UINT32), (d.FLOAT32, d.BFLOAT16), (d.FLOAT32, d.INT32), (d.FLOAT32, d.UINT16),
             (d.FLOAT32, d.UINT32), (d.INT32, d.BFLOAT4_B), (d.INT32, d.BFLOAT8_B), (d.INT32, d.BFLOAT16),
             (d.INT32, d.FLOAT32), (d.UINT16, d.BFLOAT4_B), (d.UINT16, d.BFLOAT8_B), (d.UINT16, d.BFLOAT16),
             (d.UINT16, d.FLOAT32), (d.UINT16, d.UINT32), (d.UINT32, d.BFLOAT4_B), (d.UINT32, d.BFLOAT8_B),
             (d.UINT32, d.BFLOAT16), (d.UINT32, d.FLOAT32), (d.UINT16, d.INT32), (d.INT32, d.UINT16),
             (d.UINT32, d.UINT16)}
    return (i, o) in pairs


def broadcast_shape(name, sa, sb) -> tuple:
    """binary_ng compute_broadcasted_output, with validate_on_program_cache_hit's broadcasting check."""
    ra, rb = len(sa), len(sb)
    rank = max(ra, rb)
    out = []
    for i in range(-1, -rank - 1, -1):
        x = sa[i] if i >= -ra else 1
        y = sb[i] if i >= -rb else 1
        if not (x == y or x == 1 or y == 1):
            raise ShapeError(f"ttnn.{name}: Broadcasting rule violation at dimension index {i} (output rank {rank}), "
                             f"dim a: {x}, dim b: {y}: shapes {list(sa)} and {list(sb)} are not broadcastable.\nFix: "
                             "make each pair of dims equal, or one of them 1.")
        if i <= -7 and x != y:
            raise ShapeError(f"ttnn.{name}: Broadcasting rule violation for rank >= 7 at dimension index {i} (output "
                             f"rank {rank}). Broadcast is supported up to rank 6. dim a: {x}, dim b: {y}.")
        out.append(x if x != 1 and y != 1 else x + y - 1)
    return tuple(reversed(out))


def _shape_dims(t: Tensor):
    """binary_ng_program_factory.cpp get_shape_dims: (D, N, C, Ht, Wt) of the padded shape."""
    p = t.padded_shape
    return _dim(p, -5), _dim(p, -4), _dim(p, -3), _dim(p, -2) // 32, _dim(p, -1) // 32


def _nd_dims(t: Tensor, out_rank: int) -> int:
    """extract_nD_dims: the dims beyond the fifth collapsed into one (rank >= 6)."""
    shape = t.shape
    nd = 1
    if out_rank >= 6 and len(shape) >= 6:
        for i in range(-6, -out_rank - 1, -1):
            nd *= shape[i]
    return nd


def _strides(t: Tensor, out_rank: int):
    d, n, c, ht, wt = _shape_dims(t)
    nd = _nd_dims(t, out_rank)
    hw = ht * wt
    return [hw * c * n * d * (nd > 1), hw * c * n * (d > 1), hw * c * (n > 1), hw * (c > 1)]


def _compute_freq(bcast: Bcast, start: int, ht: int, wt: int):
    """calculate_compute_kernel_args: (tile_freq, tile_start) of the broadcast compute kernels."""
    start_t = start % (ht * wt) if ht * wt else 0
    if bcast in (Bcast.NONE, Bcast.ROW_A, Bcast.ROW_B):
        return 1, 0
    if bcast in (Bcast.SCALAR_A, Bcast.SCALAR_B):
        return ht * wt, start_t
    return wt, start_t % wt


def _is_llk_bcast(bcast: Bcast, a: DataType, b: DataType) -> bool:
    """is_llk_bcast on Wormhole: any subtile broadcast of operands of one dtype."""
    if bcast == Bcast.NONE:
        return False
    return a == b and a in (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B, DataType.FLOAT32) + _INT


def _fp32_dest(a_fmt, b_fmt, c_fmt) -> bool:
    """fp32_dest_acc_en of the factory: any Float32 operand or output, a 32-bit integer output, or both inputs
    Int32 / UInt32."""
    f32, i32, u32 = DataFormat.Float32, DataFormat.Int32, DataFormat.UInt32
    return (c_fmt in (u32, i32, f32) or a_fmt == f32 or b_fmt == f32 or (a_fmt == i32 and b_fmt == i32)
            or (a_fmt == u32 and b_fmt == u32))


@dataclass
class _Plan:
    """Everything of one call that shapes the program (the program cache key) and what the factory needs."""
    op: BinaryOpType
    sfpu: bool
    bcast: Bcast
    a_dtype: DataType
    b_dtype: DataType               # the CB dtype of b (the scalar's CB format for a scalar op)
    c_dtype: DataType
    has_b: bool
    lhs: tuple = ()
    rhs: tuple = ()
    post: tuple = ()
    fast: bool = False
    extra: dict = field(default_factory=dict)

    def key(self, a: Tensor, b, mc: MemoryConfig):
        bk = (b.dtype, b.memory_config()) if isinstance(b, Tensor) else None
        return ("binary_ng", self.op, self.lhs, self.rhs, self.post, mc, self.c_dtype, self.bcast, self.sfpu,
                a.dtype, a.memory_config(), bk, tuple(sorted(self.extra.items())))


def _chain(acts, dtype):
    from tensix.ttnn.operations import unary
    return unary.sfpu_chain(acts, dtype) if acts else None


def _kernels(plan: _Plan, row_major: bool = False):
    """The reader, writer and compute kernels binary_ng picks and their defines (BinaryNgKernelConfig,
    get_kernel_file_path, is_llk_bcast, overwrite_compute_kernel_name_and_defines; interleaved tiled tensors)."""
    a_dtype, b_dtype, bc = plan.a_dtype, plan.b_dtype, plan.bcast
    bcast_input = {Bcast.SCALAR_A: 0, Bcast.SCALAR_B: 1, Bcast.COL_A: 0, Bcast.ROW_B_COL_A: 0, Bcast.COL_B: 1,
                   Bcast.ROW_A_COL_B: 1}.get(bc)
    use_llk = (_is_llk_bcast(bc, a_dtype, b_dtype) and plan.has_b and not row_major     # !inputs_row_major &&
               and plan.op.name not in _HAS_EXP)                                        # && !op_has_exp
    src_bcast = {"SRC_BCAST": 0, "SRC_BCAST_B": 0}
    if not plan.has_b:
        reader, writer, compute = "reader_binary_ng_scalar_op", "writer_binary_ng_scalar", "eltwise_binary_scalar"
        reader_defines = {}
    else:
        writer = "writer_binary_ng"
        compute = "eltwise_binary_no_bcast" if bc in (Bcast.NONE, Bcast.ROW_A, Bcast.ROW_B) else "eltwise_binary"
        if bc == Bcast.NONE:
            reader, reader_defines = "reader_binary_ng_no_bcast", {}
        elif bc in (Bcast.ROW_A, Bcast.ROW_B):
            reader = "reader_binary_ng_row_bcast"
            reader_defines = {"SRC_BCAST": int(bc == Bcast.ROW_A), "SRC_BCAST_B": int(bc == Bcast.ROW_B)}
        elif bc in (Bcast.COL_A, Bcast.COL_B):
            reader = "reader_binary_ng_col_bcast"
            reader_defines = {"SRC_BCAST": int(bc == Bcast.COL_A), "SRC_BCAST_B": int(bc == Bcast.COL_B)}
        elif bc in (Bcast.ROW_B_COL_A, Bcast.ROW_A_COL_B):
            reader = "reader_binary_ng_row_col_mixed_bcast"
            reader_defines = {"SRC_BCAST_COL": int(bc == Bcast.ROW_B_COL_A),
                              "SRC_BCAST_ROW_B": int(bc == Bcast.ROW_B_COL_A)}
        else:
            reader = "reader_binary_ng_scalar_bcast"
            reader_defines = {"SRC_BCAST": int(bc == Bcast.SCALAR_A), "SRC_BCAST_B": int(bc == Bcast.SCALAR_B)}
        reader_defines["BCAST_LLK"] = int(use_llk)
    compute_defines = {"BCAST_INPUT": bcast_input or 0}
    if use_llk:
        if bc in (Bcast.ROW_A, Bcast.ROW_B):
            compute = "eltwise_binary_row_bcast"
            src_bcast = {"SRC_BCAST": int(bc == Bcast.ROW_A), "SRC_BCAST_B": int(bc == Bcast.ROW_B)}
        elif bc in (Bcast.ROW_A_COL_B, Bcast.ROW_B_COL_A):
            compute = "eltwise_binary_row_col_bcast"
        else:
            compute = "eltwise_binary_col_bcast"
            src_bcast = {"SRC_BCAST": int(bc in (Bcast.COL_A, Bcast.SCALAR_A)),
                         "SRC_BCAST_B": int(bc in (Bcast.COL_B, Bcast.SCALAR_B))}
            compute_defines["BCAST"] = "col" if bc in (Bcast.COL_A, Bcast.COL_B) else "scalar"
    compute_defines.update(src_bcast)
    if "BCAST" in compute_defines:
        from tensix.kernel.compute import BroadcastType
        compute_defines["BCAST"] = BroadcastType(compute_defines["BCAST"])

    return reader, writer, compute, reader_defines, compute_defines


# ---- native L1 sharding ---------------------------------------------------------------------------------------
def _vol_h(shape) -> int:
    h = 1
    for d in tuple(shape)[:-1]:
        h *= d
    return h


def _is_uneven(padded, mc: MemoryConfig) -> bool:
    """binary_ng_utils.cpp is_uneven: the padded shape is not a whole number of shards."""
    if mc is None or not mc.is_sharded():
        return False
    sh, sw = mc.shard_spec.shape
    return _vol_h(padded) % sh != 0 or tuple(padded)[-1] % sw != 0


def adjust_to_shape(spec, from_shape, to_shape):
    """binary_ng_utils.cpp adjust_to_shape: the shard shape scaled by the volume ratios (at least 32 x 32)."""
    from tensix.ttnn.types import ShardSpec
    h = max(spec.shape[0] * _vol_h(to_shape) // _vol_h(from_shape), 32)
    w = max(spec.shape[1] * tuple(to_shape)[-1] // tuple(from_shape)[-1], 32)
    return ShardSpec(spec.grid, (h, w), spec.orientation)


def _mc_from(t: Tensor, other_shape) -> MemoryConfig:
    """binary_ng_utils.cpp compute_mem_config_actual: t's sharded config with its spec adjusted to the output."""
    from tensix.ttnn.types import padded_shape
    out = padded_shape(Shape(broadcast_shape("binary_ng", tuple(t.shape), tuple(other_shape))), Layout.TILE)
    mc = t.memory_config()
    return MemoryConfig(mc.memory_layout, mc.buffer_type, adjust_to_shape(mc.shard_spec, t.padded_shape, out))


def _spec_all_cores(device, padded_out, layout) -> object:
    """binary_ng_device_operation.cpp generate_shard_spec_all_cores: the whole compute grid, ROW_MAJOR."""
    from tensix.metalium.types import CoreCoord, CoreRange
    from tensix.ttnn.types import ShardOrientation, ShardSpec, TensorMemoryLayout
    g = device.compute_with_storage_grid_size()
    cores = g.x * g.y
    h, w = _vol_h(padded_out), tuple(padded_out)[-1]

    def up(x, m):
        return -(-x // m) * m
    if layout == TensorMemoryLayout.HEIGHT_SHARDED:
        shape = (up(-(-up(h, cores * 32) // cores), 32), w)
    elif layout == TensorMemoryLayout.WIDTH_SHARDED:
        shape = (h, up(-(-w // cores), 32))
    else:
        shape = (up(-(-up(h, g.y * 32) // g.y), 32), up(-(-w // g.x), 32))
    grid = CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(g.x - 1, g.y - 1))])
    return ShardSpec(grid, shape, ShardOrientation.ROW_MAJOR)


def mem_config_actual(dev, a: Tensor, b, memory_config, output_tensor, out_shape) -> MemoryConfig:
    """prim::binary_ng's output memory config: memory_config (a sharded one without a spec inherits a's or b's,
    or generate_shard_spec_all_cores), else output_tensor's, else a's (a sharded a's spec adjusted to the output;
    b's when b is sharded and a is interleaved in DRAM, or b's grid is larger)."""
    from tensix.ttnn.types import padded_shape
    has_b = isinstance(b, Tensor)
    b_shape = tuple(b.shape) if has_b else tuple(a.shape)
    actual = _mc_from(a, b_shape) if a.is_sharded() else a.memory_config()
    if memory_config is None and output_tensor is None:
        if has_b and b.is_sharded():
            if not a.is_sharded():
                if a.memory_config().buffer_type.name == "DRAM":
                    actual = _mc_from(b, tuple(a.shape))
            elif b.memory_config().shard_spec.num_cores() > a.memory_config().shard_spec.num_cores():
                actual = _mc_from(b, tuple(a.shape))
    elif memory_config is not None:
        actual = memory_config
        if actual.is_sharded() and actual.shard_spec is None:
            if a.is_sharded():
                actual = _mc_from(a, b_shape)
            elif has_b and b.is_sharded():
                actual = _mc_from(b, tuple(a.shape))
            else:
                spec = _spec_all_cores(dev, padded_shape(Shape(out_shape), Layout.TILE), actual.memory_layout)
                actual = MemoryConfig(actual.memory_layout, actual.buffer_type, spec)
    else:
        actual = output_tensor.memory_config()
    return actual


def is_native_l1_sharding(a: Tensor, b, c: MemoryConfig, bcast: Bcast) -> bool:
    """binary_ng_utils.cpp is_native_L1_sharding (from the inputs and the output's memory config)."""
    if not c.is_sharded():
        return False
    a_mc = a.memory_config()
    if not isinstance(b, Tensor):
        return a_mc.is_sharded() and not _is_uneven(a.padded_shape, a_mc)
    b_mc = b.memory_config()
    out = broadcast_shape("binary_ng", tuple(a.shape), tuple(b.shape))
    a_ok = a_mc.is_sharded() and out == tuple(a.shape) and not _is_uneven(a.padded_shape, a_mc)
    if a_ok and not b_mc.is_sharded():
        if bcast in (Bcast.COL_A, Bcast.COL_B, Bcast.SCALAR_A, Bcast.SCALAR_B):
            return a_mc.memory_layout.name == "HEIGHT_SHARDED"
    if tuple(a.shape) == tuple(b.shape) and a_mc == b_mc:
        if _is_uneven(a.padded_shape, a_mc) or _is_uneven(b.padded_shape, b_mc):
            return (a_mc.buffer_type.name == "L1" and c.buffer_type.name == "L1" and c.shard_spec is not None
                    and a_mc.shard_spec is not None and c.shard_spec == a_mc.shard_spec)
        if "DRAM" in (a_mc.buffer_type.name, c.buffer_type.name):
            return False
        if c.shard_spec is not None and a_mc.is_sharded() and list(a_mc.shard_spec.grid) != list(c.shard_spec.grid):
            return False
        return a_mc.is_sharded() or c.buffer_type.name == "L1"
    return False


@dataclass
class _Sharding:
    """What binary_ng_program_factory.cpp get_shard_specs / get_shard_volumes decide for one call: each tensor's
    (possibly adjusted) shard spec, which tensors are sharded and their shard volumes (tiles)."""
    a_spec: object
    b_spec: object
    c_spec: object
    a_sharded: bool
    b_sharded: bool
    c_sharded: bool

    def volume(self, which) -> int | None:
        spec, sharded = {"a": (self.a_spec, self.a_sharded), "b": (self.b_spec, self.b_sharded),
                         "c": (self.c_spec, self.c_sharded)}[which]
        return spec.shape[0] * spec.shape[1] // 1024 if sharded else None


def shard_specs(what, a: Tensor, b, c_padded, c_mc: MemoryConfig, bcast: Bcast):
    """binary_ng_program_factory.cpp get_shard_specs (from the output's padded shape and memory config, before it is
    allocated): None for the interleaved program (which reaches a sharded tensor off the native path through a
    TensorAccessor over its buffer), else the _Sharding of the native L1 path."""
    has_b = isinstance(b, Tensor)
    a_sh, b_sh, c_sh = a.is_sharded(), has_b and b.is_sharded(), c_mc.is_sharded()
    if not (a_sh or b_sh or c_sh):
        return None
    if not is_native_l1_sharding(a, b, c_mc, bcast) or (_is_uneven(c_padded, c_mc) and not (
            has_b and a_sh and b_sh and c_sh and a.memory_config().shard_spec == b.memory_config().shard_spec ==
            c_mc.shard_spec)):
        return None     # the interleaved program: its TensorAccessors read and write the sharded buffers' pages
    c_spec = c_mc.shard_spec
    a_spec = a.memory_config().shard_spec if a_sh else adjust_to_shape(c_spec, c_padded, a.padded_shape)
    if has_b:
        b_spec = b.memory_config().shard_spec if b_sh else adjust_to_shape(c_spec, c_padded, b.padded_shape)
    else:
        b_spec = adjust_to_shape(c_spec, c_padded, (1, 1))
    return _Sharding(a_spec, b_spec, c_spec, a_sh, b_sh, c_sh)


def _shards_per_width(spec, layout) -> int:
    """get_shards_per_width."""
    if layout.name == "HEIGHT_SHARDED":
        return 1
    if layout.name == "WIDTH_SHARDED":
        return spec.grid.num_cores()
    xs = [r.start.x for r in spec.grid.ranges] + [r.end.x for r in spec.grid.ranges]
    ys = [r.start.y for r in spec.grid.ranges] + [r.end.y for r in spec.grid.ranges]
    row_major = spec.orientation.name == "ROW_MAJOR"
    return (max(xs) - min(xs) if row_major else max(ys) - min(ys)) + 1


def _shard_shape_generator(spec, t: Tensor):
    """ShardShapeGenerator: a core's shard of t in tiles [h, w] (the last shard along an axis may be partial; for a
    tensor that is not sharded, the adjusted spec's whole shard)."""
    sh, sw = -(-spec.shape[0] // 32), -(-spec.shape[1] // 32)
    d, n, c, ht, wt = _shape_dims(t)
    unrolled = d * n * c * ht
    last_h = sh - (-(-unrolled // sh) * sh - unrolled)
    last_w = sw - (-(-wt // sw) * sw - wt)
    end = spec.grid.ranges[-1].end
    layout = t.memory_config().memory_layout.name
    row_major = spec.orientation.name == "ROW_MAJOR"

    def shape(core):
        h, w = sh, sw
        if layout in ("HEIGHT_SHARDED", "WIDTH_SHARDED"):
            if (core.x, core.y) == (end.x, end.y):
                h, w = last_h, last_w
        elif layout == "BLOCK_SHARDED":
            if row_major:
                w = last_w if core.x == end.x else w
                h = last_h if core.y == end.y else h
            else:
                w = last_w if core.y == end.y else w
                h = last_h if core.x == end.x else h
        return h, w
    return shape


def _sharded_cores(spec, workers: CoreRangeSet) -> list:
    """The cores binary_ng's runtime-args loop visits for a sharded program: the shard grid's cores first (a grid
    of one range at (0, 0) on a worker grid at (0, 0): its bounding box, grid_to_cores_with_noop; else
    corerange_to_cores of the grid), in the shard orientation's order, then the other worker cores."""
    from tensix.metalium.types import CoreCoord
    from tensix.ttnn.operations.unary import range_cores
    row_major = spec.orientation.name == "ROW_MAJOR"
    w0 = workers.ranges[0]
    g = spec.grid
    g0 = g.ranges[0]
    if len(g.ranges) == 1 and (w0.start.x, w0.start.y) == (0, 0) and (g0.start.x, g0.start.y) == (0, 0):
        gx, gy = w0.end.x + 1, w0.end.y + 1
        bx, by = g.ranges[0].end.x + 1, g.ranges[0].end.y + 1
        if row_major:
            cores = [CoreCoord(i % bx, i // bx) for i in range(bx * by)]
        else:
            cores = [CoreCoord(i // by, i % by) for i in range(bx * by)]
        cores += [CoreCoord(x, y) for x in range(bx, gx) for y in range(gy)]
        cores += [CoreCoord(x, y) for y in range(by, gy) for x in range(bx)]
        return cores
    used = range_cores(g, row_major)
    seen = {(c.x, c.y) for c in used}
    rest = sorted((c for c in range_cores(workers, row_major) if (c.x, c.y) not in seen), key=lambda c: (c.x, c.y))
    return used + rest


def _program(plan: _Plan, device, workers: CoreRangeSet, sharding: _Sharding | None = None,
             row_major: bool = False):
    """binary_ng_program_factory.cpp create_descriptor for tiled tensors: CBs (a sharded tensor's CB in its shard,
    rebound per call), kernels, defines and the compute config; num_tiles_per_cycle 8 (FPU) / 2 (SFPU) when the
    inputs and the output are all sharded (or a and the output, with a scalar b)."""
    a_dtype, b_dtype, c_dtype = plan.a_dtype, plan.b_dtype, plan.c_dtype
    a_fmt, b_fmt, c_fmt = data_format(a_dtype), data_format(b_dtype), data_format(c_dtype)
    cfg = op_config(plan.op, plan.sfpu, a_dtype)
    lhs = list(plan.lhs) + ([(cfg.process_lhs, ())] if cfg.process_lhs else [])
    rhs = list(plan.rhs) + ([(cfg.process_rhs, ())] if cfg.process_rhs else [])
    if not plan.sfpu and not lhs and rhs and plan.op == BinaryOpType.LDEXP and a_dtype in _BLOCK:
        # the factory typecasts a block-float lhs to bfloat16 so both FPU operands come from Float16_b CBs
        lhs.append(("TYPECAST", (a_dtype, DataType.BFLOAT16)))
    post = ([(cfg.postprocess, ())] if cfg.postprocess else []) + list(plan.post)
    # op_has_exp: the FPU path's intermediate CBs are Float16_b (the SFPU's keep the operand's format)
    exp_fmt = DataFormat.Float16_b if (not plan.sfpu and plan.op.name in _HAS_EXP) else None
    # integer division (DIV of INT32 operands) stores div_int32_tile's float result itself: no TYPECAST
    is_integer_division = plan.op == BinaryOpType.DIV and a_dtype == b_dtype == DataType.INT32
    if is_typecast(a_dtype, c_dtype) and not is_integer_division:
        post.append(("TYPECAST", (a_dtype, c_dtype)))
    pack_relu = False
    if not lhs and not rhs and len(post) == 1 and post[0][0] == "RELU" and plan.bcast == Bcast.NONE:
        pack_relu, post = True, []
    from tensix.ttnn.operations.unary import range_cores
    cores = range_cores(workers, True)      # corerange_to_cores(all_device_cores, nullopt, row_major = true)
    crs = workers
    prog = mh.CreateProgram()
    sh = sharding
    per_cycle = 1
    if sh is not None and ((plan.bcast == Bcast.NONE and sh.a_sharded and sh.b_sharded and sh.c_sharded)
                           or (not plan.has_b and sh.a_sharded and sh.c_sharded)):
        per_cycle = 2 if plan.sfpu else 8
    bound = {}

    def shard_cb(index, which, fmt, default):
        vol = sh.volume(which) if sh is not None else None
        if vol is None:
            return O.cb(prog, crs, index, default, fmt)
        size = formats.tile_size(fmt)
        cfg = mh.CircularBufferConfig(vol * size, {index: fmt}).set_page_size(index, size)
        bound[index] = cfg          # set_globally_allocated_address at each call (the tensor's buffer)
        return mh.CreateCircularBuffer(prog, crs, cfg)

    shard_cb(0, "a", a_fmt, 2)
    if lhs:
        O.cb(prog, crs, 3, per_cycle, exp_fmt or a_fmt)
    if plan.has_b:
        shard_cb(1, "b", b_fmt, 2)
    else:
        O.cb(prog, crs, 1, 1, b_fmt)
    if rhs:
        O.cb(prog, crs, 4, per_cycle, exp_fmt or b_fmt)
    bc = plan.bcast
    if bc in (Bcast.ROW_A, Bcast.ROW_A_COL_B, Bcast.COL_A, Bcast.SCALAR_A):
        O.cb(prog, crs, 5, 2, a_fmt)
    if bc in (Bcast.ROW_B, Bcast.ROW_B_COL_A, Bcast.COL_B, Bcast.SCALAR_B):
        O.cb(prog, crs, 6, 2, b_fmt)
    shard_cb(2, "c", c_fmt, 2)

    reader, writer, compute, reader_defines, compute_defines = _kernels(plan, row_major)
    if plan.sfpu and plan.op == BinaryOpType.ISCLOSE:     # isclose_binary_tile<ISCLOSE_EQUAL_NAN>(.., rtol, atol)
        from tensix.ttnn.operations.binary_special import isclose_math
        math = isclose_math(plan.extra["equal_nan"], a_dtype, pack_relu)
    elif plan.sfpu:
        math = _sfpu_math(cfg.binary_op, a_dtype, pack_relu)
    else:
        fn, op_type = _FPU_OPS[cfg.binary_op]
        math = FpuMath(fn, op_type, pack_relu)
    compute_defines.update(BINARY_MATH=math, PROCESS_LHS_ACTIVATIONS=_chain(lhs, a_dtype),
                           PROCESS_RHS_ACTIVATIONS=_chain(rhs, b_dtype),
                           PROCESS_POST_ACTIVATIONS=_chain(post, a_dtype))
    fp32 = _fp32_dest(a_fmt, b_fmt, c_fmt)
    if fp32 and DataType.UINT16 in (a_dtype, b_dtype):
        # (a uint16 output from a 32-bit Dst is modelled: the post-activation TYPECAST stores it where the packer
        # reads UInt16, tensix.device.formats.pack_from_dest)
        raise NotModelledError(f"binary_ng with a uint16 operand ({a_dtype.name.lower()}, {b_dtype.name.lower()} -> "
                               f"{c_dtype.name.lower()}) runs with fp32_dest_acc_en: the UInt16 tiles land in the low "
                               "halves of 32-bit Dst words, and the UInt16 kernels ({op}_int_tile<UInt16>, ...) load "
                               "and store Dst16b rows (LO16), and the FPU reads INT16 Src operands: a mixed 16 / 32-bit "
                               "view of Dst that tensix does not model.\nFix: ttnn.typecast the uint16 operands to "
                               "int32 / uint32 (or the float operand to bfloat16) first.")
    utd = {}
    if plan.sfpu and plan.op == BinaryOpType.POWER:     # UnpackToDestFp32 only for a float32 side (a: 0 3 5, b: 1 4 6)
        utd = {i: UnpackToDestMode.UnpackToDestFp32 for side, cbs in ((a_dtype, (0, 3, 5)), (b_dtype, (1, 4, 6)))
               if side == DataType.FLOAT32 for i in cbs}
    elif plan.sfpu:
        utd = {i: UnpackToDestMode.UnpackToDestFp32 for i in (0, 1, 3, 4, 5, 6)}
    return prog, crs, cores, reader, writer, compute, reader_defines, compute_defines, fp32, utd, per_cycle, bound


def _compute_args(plan: _Plan, args: list, runtime) -> list:
    """The compute kernel's runtime args: [tiles, freq, counter, scalar]; for ISCLOSE (binary_ng_program_factory.cpp)
    [tiles, freq, counter, bit_cast<uint32_t>(rtol), bit_cast<uint32_t>(atol)], `runtime` being (rtol, atol) (zeros
    on an idle core)."""
    if plan.op != BinaryOpType.ISCLOSE:
        return args
    if not any(args):
        return [0] * 5
    return args[:3] + [struct.unpack("<I", struct.pack("<f", float(v)))[0] for v in runtime]


def _factory(plan: _Plan, device, a: Tensor, b, out: Tensor, workers: CoreRangeSet, sharding: _Sharding | None):
    from tensix.ttnn.operations.unary import split_work
    prog, crs, cores, reader, writer, compute, reader_defines, compute_defines, fp32, utd, per_cycle, bound = \
        _program(plan, device, workers, sharding)
    sh = sharding
    has_sharding = int(sh is not None)
    reader_defines.update(SRC_SHARDED=int(bool(sh and sh.a_sharded)), SRC_SHARDED_B=int(bool(sh and sh.b_sharded)))
    writer_defines = {"SRC_SHARDED": int(bool(sh and sh.b_sharded)), "DST_SHARDED": int(bool(sh and sh.c_sharded))}
    a_args = O.accessor_args(a)
    b_args = O.accessor_args(b) if isinstance(b, Tensor) else a_args
    rk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{reader}.py"), crs,
                         ReaderDataMovementConfig(compile_args=a_args + b_args + [has_sharding],
                                                  defines=reader_defines))
    wk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{writer}.py"), crs,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [has_sharding],
                                                  defines=writer_defines))
    ck = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{compute}.py"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, compile_args=[per_cycle], defines=compute_defines))
    entry = O.ProgramEntry(prog, None, 0, "binary_ng", {"reader": reader, "compute": compute, "writer": writer,
                                                        "fp32_dest_acc_en": fp32, "sharded": bool(sh),
                                                        "num_tiles_per_cycle": per_cycle})
    has_b = plan.has_b
    bcast = plan.bcast

    def set_args(tensors, scalar=None):
        ta, tb, tc = tensors
        for index, t in ((0, ta), (1, tb), (2, tc)):
            if index in bound:
                bound[index].set_globally_allocated_address(t._buffer)
        if sh is not None:
            return set_sharded_args(ta, tb, tc, scalar)
        out_rank = len(tc.shape)
        cnd = _nd_dims(tc, out_rank)
        c_d, c_n, c_c, c_ht, c_wt = _shape_dims(tc)
        sa = _strides(ta, out_rank)
        sb = _strides(tb, out_rank) if has_b else [0, 0, 0, 0]
        n_tiles = tc.num_pages
        work = split_work(cores, n_tiles)       # split_work_to_cores(all_device_cores, n, row_major = true)
        packed = 0 if has_b else pack_scalar_runtime_arg(scalar, ta.dtype)
        start = 0
        for core in cores:
            n = work.get(core, 0)
            if n == 0:
                mh.SetRuntimeArgs(prog, rk, core, [0] * 21)
                mh.SetRuntimeArgs(prog, wk, core, [0] * (11 if has_b else 12))
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [0] * 4, scalar))
                continue
            dims = [c_d, c_n, c_c, c_ht, c_wt, cnd]
            if has_b:
                mh.SetRuntimeArgs(prog, wk, core, [tc.buffer_address(), start, n, 0, *dims, 0])
                freq, counter = _compute_freq(bcast, start, c_ht, c_wt)
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [n, freq, counter, 0], scalar))
            else:
                mh.SetRuntimeArgs(prog, wk, core, [packed, tc.buffer_address(), start, n, 0, *dims, 0])
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [n, 0, 0, 0], scalar))
            mh.SetRuntimeArgs(prog, rk, core, [ta.buffer_address(), start, 0, n, 0, *sa, *dims,
                                               tb.buffer_address() if has_b else 0, *sb, 0])
            start += n
        entry.cores = len(work)

    def set_sharded_args(ta, tb, tc, scalar):
        """The runtime-args loop with rt_has_sharding: per shard-grid core its output shard (c_start_id from the
        shard's position, c_current_shard_width), its tiles of a / b / c (ShardShapeGenerator, or the whole shard
        when a, b and c share one spec); the other worker cores get zeros."""
        out_rank = len(tc.shape)
        cnd = _nd_dims(tc, out_rank)
        c_d, c_n, c_c, c_ht, c_wt = _shape_dims(tc)
        sa = _strides(ta, out_rank)
        sb = _strides(tb, out_rank) if has_b else [0, 0, 0, 0]
        dims = [c_d, c_n, c_c, c_ht, c_wt, cnd]
        grid = sh.a_spec.grid
        order = _sharded_cores(sh.a_spec, crs)
        gen_a = _shard_shape_generator(sh.a_spec, ta)
        gen_b = _shard_shape_generator(sh.b_spec, tb) if has_b else None
        gen_c = _shard_shape_generator(sh.c_spec, tc)
        same = has_b and sh.a_sharded and sh.b_sharded and sh.c_sharded and sh.a_spec == sh.b_spec == sh.c_spec
        c_sh, c_sw = sh.c_spec.shape[0] // 32, sh.c_spec.shape[1] // 32
        per_width = _shards_per_width(sh.c_spec, _memory_layout(ta, tb if has_b else None, tc))
        packed = 0 if has_b else pack_scalar_runtime_arg(scalar, ta.dtype)
        used = 0
        for i, core in enumerate(order):
            if not grid.contains(core):
                mh.SetRuntimeArgs(prog, rk, core, [0] * 21)
                mh.SetRuntimeArgs(prog, wk, core, [0] * (11 if has_b else 12))
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [0] * 4, scalar))
                continue
            used += 1
            if same:
                n_c, width, n_a = c_sh * c_sw, c_sw, c_sh * c_sw
            else:
                ch, cw = gen_c(core)
                n_c, width = ch * cw, cw
                ah, aw = gen_a(core)
                n_a = ah * aw
            start = (i // per_width) * (c_sh * c_wt) + (i % per_width) * c_sw
            n_b = 0
            if has_b:
                if same:
                    n_b = c_sh * c_sw
                else:
                    bh, bw = gen_b(core)
                    n_b = bh * bw
                mh.SetRuntimeArgs(prog, wk, core, [tc.buffer_address(), start, n_c, width, *dims, 0])
                freq, counter = _compute_freq(bcast, start, c_ht, c_wt)
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [n_c, freq, counter, 0], scalar))
            else:
                mh.SetRuntimeArgs(prog, wk, core, [packed, tc.buffer_address(), start, n_c, width, *dims, 0])
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [n_c, 0, 0, 0], scalar))
            mh.SetRuntimeArgs(prog, rk, core, [ta.buffer_address(), start, n_a, n_c, width, *sa, *dims,
                                               tb.buffer_address() if has_b else 0, *sb, n_b])
        entry.cores = used

    entry.set_runtime_args = set_args
    return entry


def _rm_alignment(t: Tensor) -> int:
    """buffer->alignment(): the HAL's DRAM or L1 alignment of the tensor's buffer (Wormhole: 32 / 16 bytes)."""
    from tensix.device import soc
    return soc.DRAM_ALIGNMENT if t._buffer.is_dram else soc.L1_ALIGNMENT


def rm_geometry(a: Tensor, b, c: Tensor) -> dict:
    """binary_ng_program_factory.cpp's row-major runtime geometry (the `if (row_major_inputs)` block): the common row
    width in elements (c's aligned page in elements, narrowed to a's / b's when their width is c's), rows_per_tile =
    tile_hw / that width (1 unless the width is exactly each same-width operand's aligned page and c's),
    row_blocks_per_channel = ceil(cHt / rows_per_tile), the total row blocks (the work split over the cores),
    tiles_per_row_width = ceil(width / tile_hw) and the reader's / writer's stride (a tile's bytes when a row is
    longer than a tile, else the row's bytes aligned up)."""
    tile_hw = 1024
    has_b = isinstance(b, Tensor)
    a_es, c_es = a.element_size(), c.element_size()
    a_aps, c_aps = a._buffer.aligned_page_size, c._buffer.aligned_page_size
    b_aps = b._buffer.aligned_page_size if has_b else a_aps
    a_w, c_w = _dim(a.padded_shape, -1), _dim(c.padded_shape, -1)
    b_w = _dim(b.padded_shape, -1) if has_b else 0
    width = c_aps // c_es
    if a_w == c_w:
        width = min(width, a_aps // a_es)
    if has_b and b_w == c_w:
        width = min(width, b_aps // b.element_size())
    width = max(1, width)
    rows = max(1, tile_hw // width)
    ok_a = (width * a_es == a_aps) if a_w == c_w else True
    ok_b = (width * b.element_size() == b_aps) if (has_b and b_w == c_w) else True
    ok_c = width * c_es == c_aps
    if not (ok_a and ok_b and ok_c):
        rows = 1
    c_ht = _dim(c.padded_shape, -2)
    per_channel = -(-c_ht // rows)
    c_d, c_n, c_c, _, _ = _shape_dims(c)
    cnd = _nd_dims(c, len(c.shape))
    tiles_per_row = -(-width // tile_hw)

    def stride(es, align):
        row_bytes = width * es
        return tile_hw * es if row_bytes > tile_hw * es else -(-row_bytes // align) * align
    return {"width": width, "rows_per_tile": rows, "blocks": cnd * c_d * c_n * c_c * per_channel,
            "tiles_per_row": tiles_per_row, "reader_stride": stride(a_es, _rm_alignment(a)),
            "writer_stride": stride(c_es, _rm_alignment(c))}


def _factory_rm(plan: _Plan, device, a: Tensor, b, out: Tensor, workers: CoreRangeSet):
    """binary_ng_program_factory.cpp create_descriptor on its row-major path (should_use_row_major_path: a, b and
    the output ROW_MAJOR, nothing sharded): the CBs and the compute kernel of the tiled program (pages of a tile's
    bytes; compute runs on each page as a tile, freq 1 / counter 0, tiles_per_row_width pages a row block), the
    row-major reader (get_reader_rm_kernel_name_and_defines: ReaderRm{No,Row,Col,Scalar}BcastNg, or
    ReaderRmScalarOpNg with a number b) and WriterRmNoBcastNg; the output's row blocks split over the worker cores
    (split_work_to_cores, row-major order), current_block the running start."""
    from tensix.ttnn.operations.unary import split_work
    prog, crs, cores, _r, _w, compute, _rd, compute_defines, fp32, utd, per_cycle, _bound = \
        _program(plan, device, workers, None, row_major=True)
    has_b = plan.has_b
    reader, bcast_defines = _rm_reader(plan.bcast, has_b)
    writer = "writer_binary_ng_rm_no_bcast"
    reader_defines = {"SRC_SHARDED": 0, "SRC_SHARDED_B": 0, "BCAST_LLK": 0, **bcast_defines}
    writer_defines = {"SRC_SHARDED": 0, "DST_SHARDED": 0}
    a_args = O.accessor_args(a)
    b_args = O.accessor_args(b) if has_b else a_args
    rk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{reader}.py"), crs,
                         ReaderDataMovementConfig(compile_args=a_args + b_args + [0], defines=reader_defines))
    wk = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{writer}.py"), crs,
                         WriterDataMovementConfig(compile_args=O.accessor_args(out) + [0], defines=writer_defines))
    ck = mh.CreateKernel(prog, O.kernel_path(f"eltwise/{compute}.py"), crs, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, compile_args=[per_cycle], defines=compute_defines))
    entry = O.ProgramEntry(prog, None, 0, "binary_ng", {"reader": reader, "compute": compute, "writer": writer,
                                                        "fp32_dest_acc_en": fp32, "sharded": False,
                                                        "row_major": True, "num_tiles_per_cycle": per_cycle})

    def set_args(tensors, scalar=None):
        ta, tb, tc = tensors
        g = rm_geometry(ta, tb if has_b else None, tc)
        out_rank = len(tc.shape)
        a_d, a_n, a_c, _, _ = _shape_dims(ta)
        c_d, c_n, c_c, _, _ = _shape_dims(tc)
        a_nd, c_nd = _nd_dims(ta, out_rank), _nd_dims(tc, out_rank)
        a_h, c_h = _dim(ta.padded_shape, -2), _dim(tc.padded_shape, -2)
        if has_b:
            b_d, b_n, b_c, _, _ = _shape_dims(tb)
            b_nd, b_h = _nd_dims(tb, out_rank), _dim(tb.padded_shape, -2)
            b_addr, b_page, b_align = tb.buffer_address(), tb._buffer.aligned_page_size, _rm_alignment(tb)
            packed = 0
        else:
            b_d = b_n = b_c = b_nd = b_h = 1
            b_addr, b_page, b_align = 0, ta._buffer.aligned_page_size, _rm_alignment(ta)
            packed = pack_scalar_runtime_arg(scalar, ta.dtype)
        work = split_work(cores, g["blocks"])
        block = 0
        for core in cores:
            n = work.get(core, 0)
            if n == 0:
                mh.SetRuntimeArgs(prog, rk, core, [0] * 26)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 14)
                mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [0] * 4, scalar))
                continue
            mh.SetRuntimeArgs(prog, wk, core, [tc.buffer_address(), g["width"], n, c_d, c_n, c_c, c_h, c_nd, block,
                                               g["rows_per_tile"], tc._buffer.aligned_page_size, _rm_alignment(tc),
                                               g["tiles_per_row"], g["writer_stride"]])
            mh.SetRuntimeArgs(prog, ck, core, _compute_args(plan, [n * g["tiles_per_row"], 1 if has_b else 0, 0, 0],
                                                            scalar))
            mh.SetRuntimeArgs(prog, rk, core, [ta.buffer_address(), n, a_d, a_n, a_c, a_h, a_nd,
                                               b_addr, b_d, b_n, b_c, b_h, b_nd, c_h, c_c, c_nd, block,
                                               g["rows_per_tile"], g["width"], ta._buffer.aligned_page_size, b_page,
                                               _rm_alignment(ta), b_align, g["tiles_per_row"], g["reader_stride"],
                                               packed])
            block += n
        entry.cores = len(work)

    entry.set_runtime_args = set_args
    return entry


def _rm_reader(bc: Bcast, has_b: bool):
    """get_reader_rm_kernel_name_and_defines: the row-major reader and its SRC_BCAST / SRC_BCAST_B defines."""
    if not has_b:
        return "reader_binary_ng_rm_scalar_op", {}
    if bc == Bcast.NONE:
        return "reader_binary_ng_rm_no_bcast", {}
    if bc in (Bcast.ROW_A, Bcast.ROW_B):
        return "reader_binary_ng_rm_row_bcast", {"SRC_BCAST": int(bc == Bcast.ROW_A),
                                                 "SRC_BCAST_B": int(bc == Bcast.ROW_B)}
    if bc in (Bcast.COL_A, Bcast.COL_B):
        return "reader_binary_ng_rm_col_bcast", {"SRC_BCAST": int(bc == Bcast.COL_A),
                                                 "SRC_BCAST_B": int(bc == Bcast.COL_B)}
    if bc in (Bcast.SCALAR_A, Bcast.SCALAR_B):
        return "reader_binary_ng_rm_scalar_bcast", {"SRC_BCAST": int(bc == Bcast.SCALAR_A),
                                                    "SRC_BCAST_B": int(bc == Bcast.SCALAR_B)}
    if bc in (Bcast.ROW_B_COL_A, Bcast.ROW_A_COL_B):
        return "reader_binary_ng_rm_row_col_mixed_bcast", {"SRC_BCAST_ROW_B": int(bc == Bcast.ROW_B_COL_A)}
    raise AssertionError(bc)


def _memory_layout(a: Tensor, b, c: Tensor):
    """get_memory_layout: INTERLEAVED without a tensor b, else the first sharded one of c, a, b."""
    from tensix.ttnn.types import TensorMemoryLayout
    if b is None:
        return TensorMemoryLayout.INTERLEAVED
    for t in (c, a, b):
        if t.is_sharded():
            return t.memory_config().memory_layout
    return TensorMemoryLayout.INTERLEAVED


# ------------------------------------------------------------------------------------------------ the ops
def _activations(acts, what):
    from tensix.ttnn.operations import unary
    return unary.normalize_activations(acts, what)


def _is_scalar(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool)


def invoke_binary_ng(name: str, op: BinaryOpType, a, b, *, dtype=None, memory_config=None, output_tensor=None,
                     activations=None, input_tensor_a_activations=None, input_tensor_b_activations=None,
                     fast_and_approximate_mode=None, use_legacy=None, sub_core_grids=None, sub_device_id=None,
                     queue_id=None, isclose=None, **kwargs):
    """binary.cpp invoke_binary_ng_impl + prim::binary_ng for tensor-tensor and tensor-scalar calls. `isclose`:
    ISCLOSE's (rtol, atol, equal_nan) (invoke_binary_ng_isclose, tensix.ttnn.operations.binary_special)."""
    started = time.perf_counter()
    what = f"ttnn.{name}"
    O.refuse_unknown_kwargs(what, {**kwargs, "queue_id": queue_id})   # queue 0 (or None) is the one tensix has
    if not isinstance(a, Tensor):
        raise TTNNError(f"{what}: input_tensor_a must be a ttnn.Tensor, got {type(a).__name__}.")
    has_b = isinstance(b, Tensor)
    if not has_b and not _is_scalar(b):
        raise TTNNError(f"{what}: input_tensor_b must be a ttnn.Tensor or a number, got {type(b).__name__}.\nFix: "
                        "pass a tensor on the same device, or a Python int/float.")
    dev = O.device_of(what, a, b if has_b else None)
    from tensix.ttnn import sub_device
    if sub_device_id is not None:       # resolved to the sub-device's cores (invoke_binary_ng)
        if sub_core_grids is not None:
            raise TTNNError(f"{what}: Cannot specify both sub_core_grids and sub_device_id.\nFix: pass one of them.")
        sub_core_grids = sub_device.worker_cores(dev, sub_device_id)
    if output_tensor is not None:
        O.device_of(what, output_tensor)
    a_dtype = a.dtype
    b_dtype = b.dtype if has_b else a_dtype
    if op == BinaryOpType.DIV and a_dtype == DataType.INT32 and b_dtype == DataType.INT32:
        if dtype is not None or output_tensor is not None:
            td = output_tensor.dtype if output_tensor is not None else dtype
            if td != DataType.FLOAT32:
                raise DTypeError(f"{what}: For integer division, supported output dtype is FLOAT32 (got {td!r}).")
    out_dtype = output_tensor.dtype if output_tensor is not None else (dtype or a_dtype)
    if dtype is not None and output_tensor is not None and dtype != output_tensor.dtype:
        raise DTypeError(f"{what}: If both output dtype and output tensor are provided, their dtypes should match "
                         f"(dtype={dtype!r}, output_tensor is {output_tensor.dtype!r}).\nFix: drop one of them.")
    a_rm = a.layout == Layout.ROW_MAJOR
    b_rm = (b.layout == Layout.ROW_MAJOR) if has_b else True
    if output_tensor is not None and a_rm and b_rm:
        raise LayoutError(f"{what}: Optional output tensor with Row Major input is not supported right now for "
                          "Elementwise operations.\nFix: convert the inputs to TILE_LAYOUT first.")
    # invoke_binary_ng_impl: both operands row-major (a number counts as one) and neither sharded -> prim::binary_ng
    # on the row-major tensors (output ROW_MAJOR: binary_ng's row-major path); else each row-major one is tilized
    rm_path = a_rm and b_rm and not a.is_sharded() and not (has_b and b.is_sharded())
    if a_rm and b_rm and not rm_path:
        # a sharded operand, both row-major: each converted to tiles (ttnn::to_layout keeps its memory config), the
        # tiled op, and its result back to ROW_MAJOR (to_layout in the result's own memory config)
        a_t = _to_tile(what, a)
        b_t = _to_tile(what, b) if has_b else b
        result = invoke_binary_ng(
            name, op, a_t, b_t, dtype=dtype, memory_config=memory_config, activations=activations,
            input_tensor_a_activations=input_tensor_a_activations,
            input_tensor_b_activations=input_tensor_b_activations, fast_and_approximate_mode=fast_and_approximate_mode,
            use_legacy=use_legacy, sub_core_grids=sub_core_grids, sub_device_id=None, isclose=isclose, **kwargs)
        from tensix.ttnn import operations
        return operations.device_to_layout(result, Layout.ROW_MAJOR)
    if not rm_path and (a_rm or (has_b and b_rm)):     # the row-major one is converted to tiles first
        a = _to_tile(what, a) if a_rm else a
        b = _to_tile(what, b) if has_b and b_rm else b
    fast = bool(fast_and_approximate_mode) if fast_and_approximate_mode is not None else False
    if has_b:
        out_shape = broadcast_shape(name, tuple(a.shape), tuple(b.shape))
        bc = subtile_broadcast_type(_dim(a.shape, -2), _dim(a.shape, -1), _dim(b.shape, -2), _dim(b.shape, -1))
        sfpu = is_binary_sfpu_op(op, a_dtype, b_dtype, fast)
        cb_b_dtype = b_dtype
    else:
        bc = Bcast.NONE
        sfpu = is_binary_sfpu_op(op, a_dtype, a_dtype, fast)
        out_shape = tuple(a.shape)
        cb_b_dtype = a_dtype if (sfpu and a_dtype not in _BLOCK) else DataType.BFLOAT16
    if not sfpu:
        op_config(op, False)           # refuses an FPU op binary_ng has no FPU form for
    if op == BinaryOpType.DIV and a_dtype == DataType.INT32 and (not has_b or b_dtype == DataType.INT32):
        out_dtype = DataType.FLOAT32
    if output_tensor is not None:
        _check_output_shape(what, tuple(output_tensor.shape), out_shape)
        if output_tensor.layout != Layout.TILE:
            raise NotModelledError(f"{what}: a row-major output_tensor is not modelled by tensix.ttnn.")
    mc = mem_config_actual(dev, a, b, memory_config, output_tensor, out_shape)
    from tensix.ttnn.operations.unary import worker_grid
    workers = worker_grid(what, dev, sub_device.op_worker_grid(     # get_worker_grid
        dev, sub_core_grids, output_tensor, memory_config,
        (a, b if has_b else None) if not rm_path and is_native_l1_sharding(a, b if has_b else None, mc, bc) else ()))
    if rm_path and mc.is_sharded():
        raise NotModelledError(f"{what}: row-major operands into a sharded output: binary_ng's row-major path needs "
                               "nothing sharded (should_use_row_major_path), so the tiled program would run on the "
                               "row-major pages; tensix.ttnn does not model that.\nFix: an interleaved memory_config, "
                               "or convert the operands to TILE_LAYOUT first.")
    plan = _Plan(op, sfpu, bc, a_dtype, cb_b_dtype, out_dtype, has_b,
                 _activations(input_tensor_a_activations, what), _activations(input_tensor_b_activations, what),
                 _activations(activations, what), fast)
    if isclose is not None:     # ISCLOSE_EQUAL_NAN is a define (in the program hash); rtol / atol are runtime args
        plan.extra["equal_nan"] = bool(isclose[2])
    from tensix.ttnn.types import padded_shape
    c_padded = output_tensor.padded_shape if output_tensor is not None else padded_shape(Shape(out_shape), Layout.TILE)
    sharding = None if Shape(out_shape).volume() == 0 or rm_path else shard_specs(what, a, b, c_padded, mc, bc)
    if output_tensor is None:
        from tensix.ttnn.operations.unary import make_output
        out = make_output(dev, out_shape, out_dtype, Layout.ROW_MAJOR if rm_path else Layout.TILE, mc, None)
    else:
        out = output_tensor
    if Shape(out_shape).volume() == 0:      # skip_launch: an empty output
        return out
    key = plan.key(a, b, mc) + (workers.ranges, None if sharding is None else
                                (sharding.a_sharded, sharding.b_sharded, sharding.c_sharded))
    reader, writer, compute, _rd, _cd = _kernels(plan)
    if rm_path:
        key += ("row_major",)
        reader = _rm_reader(bc, has_b)[0]
        writer = "writer_binary_ng_rm_no_bcast"
        _r, _w, compute, _rd, _cd = _kernels(plan, True)
        factory = lambda: _factory_rm(plan, dev, a, b, out, workers)  # noqa: E731
    else:
        factory = lambda: _factory(plan, dev, a, b, out, workers, sharding)  # noqa: E731
    O.run(what, dev, key, factory, [a, b if has_b else None, out],
          [out],
          {"dtype": out_dtype.name, "sfpu": sfpu, "bcast": bc.name, "kernels": (reader, compute, writer)}, started,
          runtime=(None if isclose is None else isclose[:2]) if has_b else b)
    return out


def _to_tile(what, t: Tensor) -> Tensor:
    """ttnn::to_layout(t, TILE) on the device (the tilize program of tensix.ttnn's data movement ops)."""
    from tensix.ttnn import operations
    if not hasattr(operations, "device_to_layout"):
        raise NotModelledError(f"{what}: a row-major operand is converted to tiles on the device first, and "
                               "tensix.ttnn has no device tilize yet.\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) on "
                               "the host before the op.")
    mc = t.memory_config()
    spec = mc.shard_spec if mc.is_sharded() else None
    if spec is not None and (spec.shape[0] % TILE_SIZE or spec.shape[1] % TILE_SIZE):
        # to_layout_op.cpp builds the TILE TensorSpec in the tensor's own memory config first; TensorLayout's
        # constructor (tensor_layout.cpp get_shard_align_error) rejects a shard that is not whole tiles
        raise ShardSpecError(f"{what}: ttnn::to_layout(TILE) of a row-major operand sharded {list(spec.shape)}: "
                             f"Physical shard shape {list(spec.shape)} must be tile [32, 32] sized!\nFix: shard the "
                             "row-major operands in whole tiles (shard height and width multiples of 32), or "
                             "interleave them.")
    return operations.device_to_layout(t, Layout.TILE)


def _check_output_shape(what, shape, want):
    """compute_output_specs: the output tensor's shape must be the broadcast shape up to leading ones."""
    r = min(len(shape), len(want))
    ok = all(shape[-1 - i] == want[-1 - i] for i in range(r))
    longer = shape if len(shape) > len(want) else want
    ok = ok and all(longer[-1 - i] == 1 for i in range(r, len(longer)))
    if not ok:
        raise ShapeError(f"{what}: Shape of Output tensor {list(shape)} provided does not match the broadcasted output "
                         f"shape {list(want)}.\nFix: allocate output_tensor with shape {list(want)}.")


def _tensor_or_swap(name, a, b, commutative):
    """A number as input_tensor_a: commutative ops swap the operands (ttnn accepts a Number there)."""
    if not isinstance(a, Tensor) and isinstance(b, Tensor) and _is_scalar(a):
        if commutative:
            return b, a
        raise NotModelledError(f"ttnn.{name} with a number as input_tensor_a is not modelled by tensix.ttnn.\nFix: "
                               "rewrite it with the tensor first (e.g. ttnn.rsub(t, x) for x - t).")
    return a, b


def add(input_tensor_a, input_tensor_b, *, dtype=None, memory_config: MemoryConfig | None = None, output_tensor=None,
        **kwargs):
    """ttnn.add(a, b): a + b (b a tensor or a number). FPU for bfloat16 / bfloat8_b, SFPU for float32."""
    a, b = _tensor_or_swap("add", input_tensor_a, input_tensor_b, True)
    return invoke_binary_ng("add", BinaryOpType.ADD, a, b, dtype=dtype, memory_config=memory_config,
                            output_tensor=output_tensor, **kwargs)


def subtract(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.subtract(a, b): a - b."""
    if not isinstance(input_tensor_a, Tensor) and isinstance(input_tensor_b, Tensor):
        return rsub(input_tensor_b, input_tensor_a, dtype=dtype, memory_config=memory_config,
                    output_tensor=output_tensor, **kwargs)
    return invoke_binary_ng("subtract", BinaryOpType.SUB, input_tensor_a, input_tensor_b, dtype=dtype,
                            memory_config=memory_config, output_tensor=output_tensor, **kwargs)


def rsub(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.rsub(a, b): b - a (binary_ng RSUB)."""
    return invoke_binary_ng("rsub", BinaryOpType.RSUB, input_tensor_a, input_tensor_b, dtype=dtype,
                            memory_config=memory_config, output_tensor=output_tensor, **kwargs)


def multiply(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None,
             fast_and_approximate_mode=None, **kwargs):
    """ttnn.multiply(a, b): a * b. binary.cpp multiply: fast_and_approximate_mode is forced on for block-float
    operands (then the FPU's ELWMUL runs), else it defaults to off and the SFPU's mul_binary_tile runs."""
    a, b = _tensor_or_swap("multiply", input_tensor_a, input_tensor_b, True)
    block = (isinstance(a, Tensor) and a.dtype in _BLOCK) or (isinstance(b, Tensor) and b.dtype in _BLOCK)
    fast = True if block else bool(fast_and_approximate_mode)
    return invoke_binary_ng("multiply", BinaryOpType.MUL, a, b, dtype=dtype, memory_config=memory_config,
                            output_tensor=output_tensor, fast_and_approximate_mode=fast, **kwargs)


def _angle_conversion(name, factor):
    def fn(input_tensor, *, memory_config=None, output_tensor=None, **kwargs):
        return multiply(input_tensor, factor, dtype=input_tensor.dtype, memory_config=memory_config,
                        output_tensor=output_tensor, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"ttnn.{name}(x): ttnn.multiply(x, {factor!r}, dtype=x.dtype), the float32 constant of 622c6fb9's "
                  "unary.cpp.")
    return fn


deg2rad = _angle_conversion("deg2rad", float(np.float32(0.017453292519943295)))
rad2deg = _angle_conversion("rad2deg", float(np.float32(57.29577951308232)))


def divide(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None,
           fast_and_approximate_mode=None, rounding_mode=None, **kwargs):
    """ttnn.divide(a, b): a / b. SFPU div_binary_tile; with fast_and_approximate_mode and non-float32 operands the
    FPU multiplies a by recip(b)."""
    if rounding_mode is not None:       # 622c6fb9 ttnn/__init__.py: `divide = ttnn.div` (the composite's binding)
        return div(input_tensor_a, input_tensor_b, rounding_mode=rounding_mode, dtype=dtype,
                   memory_config=memory_config, output_tensor=output_tensor,
                   fast_and_approximate_mode=bool(fast_and_approximate_mode), **kwargs)
    a, b = _tensor_or_swap("divide", input_tensor_a, input_tensor_b, False)
    return invoke_binary_ng("divide", BinaryOpType.DIV, a, b, dtype=dtype, memory_config=memory_config,
                            output_tensor=output_tensor, fast_and_approximate_mode=fast_and_approximate_mode,
                            **kwargs)


def _max_min(name, op, a, b, dtype, memory_config, output_tensor, kwargs):
    a, b = _tensor_or_swap(name, a, b, True)
    if not isinstance(b, Tensor):       # binary_composite_op.cpp: the unary op UNARY_MAX / UNARY_MIN
        from tensix.ttnn.operations import unary
        return unary.unary_max_min(name, a, b, memory_config=memory_config, output_tensor=output_tensor)
    # binary_composite_op.cpp passes std::nullopt as the output dtype
    return invoke_binary_ng(name, op, a, b, dtype=None, memory_config=memory_config, output_tensor=output_tensor,
                            **kwargs)


def maximum(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.maximum(a, b): element-wise max (SFPU binary_max_tile; a number b: the unary op)."""
    return _max_min("maximum", BinaryOpType.MAXIMUM, input_tensor_a, input_tensor_b, dtype, memory_config,
                    output_tensor, kwargs)


def minimum(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.minimum(a, b): element-wise min (SFPU binary_min_tile; a number b: the unary op)."""
    return _max_min("minimum", BinaryOpType.MINIMUM, input_tensor_a, input_tensor_b, dtype, memory_config,
                    output_tensor, kwargs)


def squared_difference(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None,
                       **kwargs):
    """ttnn.squared_difference(a, b): (a - b) ** 2 (SUB, then the post activation SQUARE)."""
    return invoke_binary_ng("squared_difference", BinaryOpType.SQUARED_DIFFERENCE, input_tensor_a, input_tensor_b,
                            dtype=dtype, memory_config=memory_config, output_tensor=output_tensor, **kwargs)


def _inplace(name, op, a, b, kwargs, fast=None):
    """TTNN_BINARY_OP_INPLACE_IMPL: the op with input_tensor_a as its output tensor (no dtype / memory_config)."""
    for k in ("dtype", "memory_config", "output_tensor"):
        if k in kwargs:
            raise TypeError(f"ttnn.{name}() got an unexpected keyword argument '{k}' (the in-place op writes "
                            "input_tensor_a).")
    if not isinstance(a, Tensor):
        raise TTNNError(f"ttnn.{name}: input_tensor_a must be a ttnn.Tensor (the op writes into it).")
    extra = {} if fast is None else {"fast_and_approximate_mode": fast}
    return invoke_binary_ng(name, op, a, b, output_tensor=a, **extra, **kwargs)


def add_(input_tensor_a, input_tensor_b, **kwargs):
    """ttnn.add_(a, b): a += b in a's buffer."""
    return _inplace("add_", BinaryOpType.ADD, input_tensor_a, input_tensor_b, kwargs)


def subtract_(input_tensor_a, input_tensor_b, **kwargs):
    """ttnn.subtract_(a, b): a -= b in a's buffer."""
    return _inplace("subtract_", BinaryOpType.SUB, input_tensor_a, input_tensor_b, kwargs)


def multiply_(input_tensor_a, input_tensor_b, *, fast_and_approximate_mode=None, **kwargs):
    """ttnn.multiply_(a, b): a *= b in a's buffer (binary.cpp inplace_mul_operation_with_fast_approx: block-float
    operands take the FPU)."""
    b = input_tensor_b
    block = input_tensor_a.dtype in _BLOCK or (isinstance(b, Tensor) and b.dtype in _BLOCK)
    fast = True if block else bool(fast_and_approximate_mode)
    return _inplace("multiply_", BinaryOpType.MUL, input_tensor_a, b, kwargs, fast)


def divide_(input_tensor_a, input_tensor_b, *, fast_and_approximate_mode=None, **kwargs):
    """ttnn.divide_(a, b): a /= b in a's buffer."""
    return _inplace("divide_", BinaryOpType.DIV, input_tensor_a, input_tensor_b, kwargs, fast_and_approximate_mode)


def div(input_tensor_a, input_tensor_b, *, fast_and_approximate_mode=False, rounding_mode=None, dtype=None,
        memory_config=None, output_tensor=None, activations=None, input_tensor_a_activations=None,
        input_tensor_b_activations=None, sub_core_grids=None, sub_device_id=None, queue_id=None):
    """ttnn.div(a, b, rounding_mode=None | "trunc" | "floor"): binary_composite_op.cpp div (622c6fb9), a composite of
    its own (ttnn.divide has no rounding_mode). Float operands: rounding_mode None is binary_ng DIV (the output dtype
    is a's: `dtype` is not passed on); "trunc" / "floor" is ttnn.divide (fast_and_approximate_mode forced off for
    bfloat16 a, tt-metal #43209) then ttnn.trunc / ttnn.floor of the quotient. INT32 operands: None is DIV (a FLOAT32
    output), "floor" / "trunc" are DIV_FLOOR / DIV_TRUNC (div_int32_floor_tile / div_int32_trunc_tile)."""
    O.refuse_unknown_kwargs("ttnn.div", {"queue_id": queue_id})    # ttnn's decorator takes queue_id (0: the one)
    a, b = input_tensor_a, input_tensor_b
    if not isinstance(a, Tensor) or not (isinstance(b, Tensor) or _is_scalar(b)):
        raise TypeError("ttnn.div(): incompatible function arguments: a ttnn.Tensor and a ttnn.Tensor or a number (got "
                        f"{type(a).__name__}, {type(b).__name__}).")
    acts = dict(activations=activations, input_tensor_a_activations=input_tensor_a_activations,
                input_tensor_b_activations=input_tensor_b_activations, sub_core_grids=sub_core_grids,
                sub_device_id=sub_device_id)
    is_int32 = a.dtype == DataType.INT32 and (not isinstance(b, Tensor) or b.dtype == DataType.INT32)
    if is_int32:
        if fast_and_approximate_mode:
            raise TTNNError("ttnn.div: Integer Division does not support fast_and_approximate_mode=true.\nFix: leave "
                            "fast_and_approximate_mode off for INT32 operands.")
        if rounding_mode in ("floor", "trunc"):     # binary_ng DIV_FLOOR / DIV_TRUNC, no output dtype (a's: INT32)
            op = BinaryOpType.DIV_FLOOR if rounding_mode == "floor" else BinaryOpType.DIV_TRUNC
            return invoke_binary_ng("div", op, a, b, memory_config=memory_config, output_tensor=output_tensor, **acts)
        if dtype is not None and dtype != DataType.FLOAT32:
            raise DTypeError("ttnn.div: Incorrect output_dtype value for Integer Division(rounding_mode=None) ; valid "
                             f"input values are None or ttnn.float32 (got {dtype!r}).")
        return invoke_binary_ng("div", BinaryOpType.DIV, a, b, memory_config=memory_config,
                                output_tensor=output_tensor, **acts)
    if rounding_mode is None:
        return invoke_binary_ng("div", BinaryOpType.DIV, a, b, memory_config=memory_config, output_tensor=output_tensor,
                                fast_and_approximate_mode=fast_and_approximate_mode, **acts)
    if rounding_mode not in ("trunc", "floor"):
        raise TTNNError(f"ttnn.div: Incorrect rounding mode (expected None, 'trunc', or 'floor'), got "
                        f"{rounding_mode!r}.")
    fast = bool(fast_and_approximate_mode) and a.dtype != DataType.BFLOAT16
    q = invoke_binary_ng("divide", BinaryOpType.DIV, a, b, memory_config=memory_config, output_tensor=output_tensor,
                         fast_and_approximate_mode=fast, **acts)
    from tensix.ttnn.operations import unary
    rounded = unary.trunc if rounding_mode == "trunc" else unary.floor
    return rounded(q, memory_config=memory_config, output_tensor=output_tensor, sub_core_grids=sub_core_grids)


sub = subtract
mul = multiply
sub_ = subtract_
mul_ = multiply_


def _relational(name, op, a, b, dtype, memory_config, output_tensor, kwargs):
    """binary.cpp relational_binary: invoke_binary_ng with fast_and_approximate_mode off; a number as
    input_tensor_a (gez / lez / eqz of sub_sfpu) is not modelled."""
    if not isinstance(a, Tensor) and isinstance(b, Tensor):
        raise NotModelledError(f"ttnn.{name} with a number as input_tensor_a (ttnn runs gez / lez / eqz of "
                               "sub_sfpu(number, tensor)) is not modelled by tensix.ttnn.\nFix: put the tensor first "
                               "and flip the comparison (ttnn.le(t, x) for x >= t).")
    return invoke_binary_ng(name, op, a, b, dtype=dtype, memory_config=memory_config, output_tensor=output_tensor,
                            fast_and_approximate_mode=False, **kwargs)


def _comparison(name: str, op: BinaryOpType, sym: str):
    def fn(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
        return _relational(name, op, input_tensor_a, input_tensor_b, dtype, memory_config, output_tensor, kwargs)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"ttnn.{name}(a, b): 1.0 where a {sym} b, else 0.0, in a's dtype (or `dtype`). binary_ng: two "
                  f"float32 or two bfloat16 tensors (or a tensor and a number) run the SFPU's {name}_binary_tile "
                  f"(subnormals compare as zero, NaN is unordered); other dtype pairs the FPU's a - b then "
                  f"{op.name}Z.")
    return fn


def _exact_ng(name: str, op: BinaryOpType):
    """ttnn.<name>(a, b): invoke_binary_ng with fast_and_approximate_mode off (binary.cpp's
    TTNN_BINARY_OP_TENSOR_TENSOR_IMPL / _TENSOR_SCALAR_IMPL for these ops)."""
    def fn(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None, **kwargs):
        return invoke_binary_ng(name, op, input_tensor_a, input_tensor_b, dtype=dtype, memory_config=memory_config,
                                output_tensor=output_tensor, fast_and_approximate_mode=False, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    return fn


def _inplace_of(name: str, op: BinaryOpType, note: str = ""):
    """ttnn.<name>_(a, b): the op into a's buffer."""
    def fn(input_tensor_a, input_tensor_b, **kwargs):
        return _inplace(name, op, input_tensor_a, input_tensor_b, kwargs, False)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"ttnn.{name}(a, b): {name[:-1]} into a's buffer{note}."
    return fn


def _logical(name: str, op: BinaryOpType, rule: str):
    fn = _exact_ng(name, op)
    fn.__doc__ = (f"ttnn.{name}(a, b): 1.0 where {rule}, else 0.0 (binary_ng_utils.cpp OpConfig: NEZ of each operand, "
                  f"then {op_config(op, False).binary_op}, then NEZ; the SFPU for two float32 or two integer tensors, "
                  "else the FPU).")
    return fn


logical_and = _logical("logical_and", BinaryOpType.LOGICAL_AND, "a and b are both nonzero")
logical_or = _logical("logical_or", BinaryOpType.LOGICAL_OR, "a or b is nonzero")
logical_xor = _logical("logical_xor", BinaryOpType.LOGICAL_XOR, "exactly one of a, b is nonzero")
logical_and_ = _inplace_of("logical_and_", BinaryOpType.LOGICAL_AND)
logical_or_ = _inplace_of("logical_or_", BinaryOpType.LOGICAL_OR)
logical_xor_ = _inplace_of("logical_xor_", BinaryOpType.LOGICAL_XOR)

def _comparison_(name: str, op: BinaryOpType):
    def fn(input_tensor_a, input_tensor_b, **kwargs):
        return _inplace(name, op, input_tensor_a, input_tensor_b, kwargs, False)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"ttnn.{name}(a, b): {name[:-1]} written into a's buffer, b a tensor or a number "
                  "(TTNN_BINARY_OP_INPLACE_RELATIONAL_IMPL: inplace_relational_binary, binary_ng with a as the output, "
                  "fast_and_approximate_mode off).")
    return fn


gt_, lt_, ge_, le_, eq_, ne_ = (_comparison_(f"{n}_", getattr(BinaryOpType, n.upper()))
                                for n in ("gt", "lt", "ge", "le", "eq", "ne"))
gt = _comparison("gt", BinaryOpType.GT, ">")
lt = _comparison("lt", BinaryOpType.LT, "<")
ge = _comparison("ge", BinaryOpType.GE, ">=")
le = _comparison("le", BinaryOpType.LE, "<=")
eq = _comparison("eq", BinaryOpType.EQ, "==")
ne = _comparison("ne", BinaryOpType.NE, "!=")


def remainder(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None,
              sub_core_grids=None, **kwargs):
    """ttnn.remainder(a, b): a - floor(a / b) * b, the sign of b (torch.remainder). binary_composite_op.cpp (622c6fb9):
    a tensor b runs binary_ng's BinaryOpType::REMAINDER (the SFPU's remainder_binary_tile; remainder_int32_tile for
    INT32; unsigned dtypes are refused); a number b runs the unary op UnaryOpType::REMAINDER
    (remainder_tile with the number and its float reciprocal 1.0f / b), dtype ignored."""
    if not isinstance(input_tensor_a, Tensor):
        raise TypeError("ttnn.remainder(): incompatible function arguments: input_tensor_a must be a ttnn.Tensor "
                        f"(got {type(input_tensor_a).__name__}).")
    if not isinstance(input_tensor_b, Tensor):
        if not _is_scalar(input_tensor_b):
            raise TypeError("ttnn.remainder(): incompatible function arguments: input_tensor_b must be a ttnn.Tensor "
                            f"or a number (got {type(input_tensor_b).__name__}).")
        O.refuse_unknown_kwargs("ttnn.remainder", {k: v for k, v in kwargs.items() if k not in (
            "activations", "input_tensor_a_activations", "input_tensor_b_activations", "sub_device_id",
            "use_legacy", "queue_id")})
        from tensix.ttnn.operations import unary
        return unary.unary_remainder(input_tensor_a, float(np.float32(input_tensor_b)), memory_config=memory_config,
                                     output_tensor=output_tensor, sub_core_grids=sub_core_grids)
    return invoke_binary_ng("remainder", BinaryOpType.REMAINDER, input_tensor_a, input_tensor_b, dtype=dtype,
                            memory_config=memory_config, output_tensor=output_tensor, sub_core_grids=sub_core_grids,
                            **kwargs)


def fmod(input_tensor_a, input_tensor_b, *, memory_config=None, sub_core_grids=None, sub_device_id=None, **kwargs):
    """ttnn.fmod(a, b): a - trunc(a / b) * b, the sign of a (torch.fmod). binary_composite_op.cpp (622c6fb9): a tensor b
    runs binary_ng's BinaryOpType::FMOD (the SFPU's fmod_binary_tile; fmod_int32_tile for INT32); a
    number b runs the unary op UnaryOpType::FMOD (fmod_tile with the number and 1.0f / b; ttnn passes neither
    sub_core_grids nor sub_device_id on). ttnn's binding takes memory_config, sub_core_grids and sub_device_id
    only."""
    if kwargs:
        raise TypeError(f"ttnn.fmod() got unexpected keyword argument(s) {sorted(kwargs)} (ttnn's binding takes "
                        "memory_config, sub_core_grids and sub_device_id).")
    if not isinstance(input_tensor_a, Tensor):
        raise TypeError("ttnn.fmod(): incompatible function arguments: input_tensor_a must be a ttnn.Tensor "
                        f"(got {type(input_tensor_a).__name__}).")
    if not isinstance(input_tensor_b, Tensor):
        if not _is_scalar(input_tensor_b):
            raise TypeError("ttnn.fmod(): incompatible function arguments: input_tensor_b must be a ttnn.Tensor or a "
                            f"number (got {type(input_tensor_b).__name__}).")
        from tensix.ttnn.operations import unary
        return unary.unary_fmod(input_tensor_a, float(np.float32(input_tensor_b)), memory_config=memory_config)
    return invoke_binary_ng("fmod", BinaryOpType.FMOD, input_tensor_a, input_tensor_b, memory_config=memory_config,
                            sub_core_grids=sub_core_grids, sub_device_id=sub_device_id)


# ---- ops binary_ng composes of unary activations around an add / mul (binary_ng_utils.cpp OpConfig) ------------
def _composed(name: str, op: BinaryOpType, formula: str):
    fn = _exact_ng(name, op)
    lhs, rhs, bop, post = _COMPOSED[op.name]
    steps = ", ".join(f"{k} {v}" for k, v in (("process_lhs", lhs), ("process_rhs", rhs), ("op", bop),
                                                ("postprocess", post)) if v)
    fn.__doc__ = (f"ttnn.{name}(a, b): {formula} (binary_ng OpConfig: {steps}; the SFPU for two float32 tensors, "
                  "else the FPU between the SFPU activations).")
    return fn


def _bitwise(name: str, op: BinaryOpType, sym: str):
    def fn(input_tensor_a, input_tensor_b, *, memory_config=None, output_tensor=None, **kwargs):
        if not isinstance(input_tensor_b, Tensor) and not isinstance(input_tensor_b, (int, np.integer)):
            raise TypeError(f"ttnn.{name}(): incompatible function arguments: input_tensor_b must be a ttnn.Tensor or "
                            f"an int (got {type(input_tensor_b).__name__}).")
        return invoke_binary_ng(name, op, input_tensor_a, input_tensor_b, memory_config=memory_config,
                                output_tensor=output_tensor, fast_and_approximate_mode=False, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    shift = op in (BinaryOpType.LEFT_SHIFT, BinaryOpType.RIGHT_SHIFT, BinaryOpType.LOGICAL_RIGHT_SHIFT)
    kernel = f"binary_{op.value}_tile" if shift else f"{op.value}_binary_tile"
    operands = "two integer tensors" if shift else "two tensors of one integer dtype"
    fn.__doc__ = (f"ttnn.{name}(a, b): a {sym} b on the integer bits, b a tensor or an int32 "
                  "(TTNN_BINARY_OP_TENSOR_TENSOR_BITWISE_IMPL / _INT32_BITWISE_IMPL: binary_ng, output dtype a's; the "
                  f"SFPU's {kernel}<Int32 / UInt32 / UInt16> for {operands}; other dtypes have no FPU form and are "
                  "refused).")
    return fn


bitwise_and = _bitwise("bitwise_and", BinaryOpType.BITWISE_AND, "&")
bitwise_or = _bitwise("bitwise_or", BinaryOpType.BITWISE_OR, "|")
bitwise_xor = _bitwise("bitwise_xor", BinaryOpType.BITWISE_XOR, "^")
bitwise_left_shift = _bitwise("bitwise_left_shift", BinaryOpType.LEFT_SHIFT, "<<")
bitwise_right_shift = _bitwise("bitwise_right_shift", BinaryOpType.RIGHT_SHIFT, ">>")
logical_left_shift = _bitwise("logical_left_shift", BinaryOpType.LEFT_SHIFT, "<<")
logical_right_shift = _bitwise("logical_right_shift", BinaryOpType.LOGICAL_RIGHT_SHIFT, ">> (logical)")
ldexp = _composed("ldexp", BinaryOpType.LDEXP, "a * 2**b")
logaddexp = _composed("logaddexp", BinaryOpType.LOGADDEXP, "log(exp(a) + exp(b))")
logaddexp2 = _composed("logaddexp2", BinaryOpType.LOGADDEXP2, "log2(2**a + 2**b)")
ldexp_ = _inplace_of("ldexp_", BinaryOpType.LDEXP, " (TTNN_BINARY_OP_INPLACE_IMPL)")
logaddexp_ = _inplace_of("logaddexp_", BinaryOpType.LOGADDEXP, " (TTNN_BINARY_OP_INPLACE_IMPL)")
logaddexp2_ = _inplace_of("logaddexp2_", BinaryOpType.LOGADDEXP2, " (TTNN_BINARY_OP_INPLACE_IMPL)")
bias_gelu_ = _inplace_of("bias_gelu_", BinaryOpType.BIAS_GELU, " (TTNN_BINARY_OP_INPLACE_IMPL)")


def bias_gelu(input_tensor_a, input_tensor_b, *, dtype=None, memory_config=None, output_tensor=None,
              sub_core_grids=None, sub_device_id=None, **kwargs):
    """ttnn.bias_gelu(a, b): gelu(a + b). binary_composite_op.cpp bias_gelu: a tensor b is binary_ng's BIAS_GELU
    (add, then the post activation GELU with no parameter: gelu_tile_init() / gelu_tile(), whose template default
    is fast_and_approx = true; fast_and_approximate_mode unset); a number b is
    ttnn.gelu(ttnn.add(a, b), fast_and_approximate_mode=True), dtype and the activations ignored."""
    if isinstance(input_tensor_b, Tensor):
        return invoke_binary_ng("bias_gelu", BinaryOpType.BIAS_GELU, input_tensor_a, input_tensor_b, dtype=dtype,
                                memory_config=memory_config, output_tensor=output_tensor,
                                sub_core_grids=sub_core_grids, sub_device_id=sub_device_id, **kwargs)
    from tensix.ttnn.operations import unary
    if not isinstance(input_tensor_a, Tensor) or not _is_scalar(input_tensor_b):
        raise TypeError("ttnn.bias_gelu(): incompatible function arguments: a ttnn.Tensor and a ttnn.Tensor or a "
                        f"number (got {type(input_tensor_a).__name__}, {type(input_tensor_b).__name__}).")
    O.refuse_unknown_kwargs("ttnn.bias_gelu", {k: v for k, v in kwargs.items() if k not in (
        "activations", "input_tensor_a_activations", "input_tensor_b_activations")})
    if sub_device_id is not None:       # resolved to its cores so add and gelu use the same ones
        if sub_core_grids is not None:
            raise TTNNError("ttnn.bias_gelu: Cannot specify both sub_core_grids and sub_device_id.\nFix: pass one "
                            "of them.")
        from tensix.ttnn import sub_device
        sub_core_grids = sub_device.worker_cores(O.device_of("ttnn.bias_gelu", input_tensor_a), sub_device_id)
    s = add(input_tensor_a, input_tensor_b, memory_config=memory_config, output_tensor=output_tensor,
            sub_core_grids=sub_core_grids)
    return unary.gelu(s, fast_and_approximate_mode=True, memory_config=memory_config, output_tensor=output_tensor,
                      sub_core_grids=sub_core_grids)


def hypot(input_tensor_a, input_tensor_b, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.hypot(a, b): sqrt(a**2 + b**2) (binary.cpp hypot: binary_ng's HYPOT, SQUARE of each operand, add, SQRT;
    the SFPU for two float32 tensors, else the FPU add between the SFPU squares; output dtype a's)."""
    O.refuse_unknown_kwargs("ttnn.hypot", kwargs)     # the binding takes memory_config and output_tensor (+ queue_id)
    if not isinstance(input_tensor_b, Tensor):
        raise TypeError("ttnn.hypot(): incompatible function arguments: input_tensor_b must be a ttnn.Tensor "
                        f"(got {type(input_tensor_b).__name__}).")
    return invoke_binary_ng("hypot", BinaryOpType.HYPOT, input_tensor_a, input_tensor_b, memory_config=memory_config,
                            output_tensor=output_tensor, fast_and_approximate_mode=False)
