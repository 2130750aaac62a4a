"""`--ttkernel-lower-builtin`: the lowering seed 003 says TT-MLIR still lacked in July 2024. In every
`ttmetal.dispatch`, the compute region's `ttkernel.builtin {op, kind = @eltwise}` becomes the loop tt-metal's
eltwise kernels run (tt-metal 622c6fb9 ttnn/.../eltwise/binary/device/kernels/compute/eltwise_binary_kernel.cpp,
eltwise_sfpu.cpp), written with the TTKernel compute ops tt-mlir added from 2024-08-21 on:

    binary_op_init_common(in0, in1, out); mul_tiles_init(in0, in1)
    scf.for i in [0, tiles):  cb_wait_front(in0, 1); cb_wait_front(in1, 1); tile_regs_acquire()
                              mul_tiles(in0, in1, 0, 0, 0); tile_regs_commit(); cb_pop_front(in0, 1); ...
                              cb_reserve_back(out, 1); tile_regs_wait(); pack_tile(0, out, 0)
                              tile_regs_release(); cb_push_back(out, 1)

(`@relu`: init_sfpu, copy_tile_init, relu_tile_init; copy_tile + relu_tile per tile). The data-movement regions'
whole-CB `cb_push_back(%cb)` become `cb_reserve_back(%cb, n)` + `cb_push_back(%cb, n)` with n the shard's 32x32
tiles (the CB is the operand's L1 shard, already filled by host_write). `tiles` is the output shard's tile count.
`ttkernel.builtin {op = @matmul, kind = @matmul}` (from ttir.matmul, which tensix's --ttir-generic wraps) becomes
mm_init, a wait for the resident shards, and per output tile an scf.for over k of matmul_tiles with the tile indices
computed in arith (tt-metal's bmm.cpp loop on one core). Kernels that cannot be written out this way (other kinds,
@ge, shards that are not whole tiles, a matmul split over cores) raise NotModelledError naming the op."""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp
from xdsl.ir import Block, Operation, Region

from tensix.errors import NotModelledError
from tensix.mlir.dialects import ttkernel as k
from tensix.mlir.dialects import ttmetal

_BINARY = {"add": (k.AddTilesInitOp, k.AddTilesOp), "mulitply": (k.MulTilesInitOp, k.MulTilesOp),
           "multiply": (k.MulTilesInitOp, k.MulTilesOp), "subtract": (k.SubTilesInitOp, k.SubTilesOp)}


def _tiles(cb) -> int:
    shape = cb.type.memref.get_shape()
    if len(shape) != 2 or shape[0] % 32 or shape[1] % 32:
        raise NotModelledError(f"--ttkernel-lower-builtin: CB shard {list(shape)} is not 2-D whole 32x32 tiles")
    return shape[0] * shape[1] // 1024


def _i32(block_ops: list, value: int):
    c = arith.ConstantOp(IntegerAttr(value, IntegerType(32)))
    block_ops.append(c)
    return c.result


def _index(block_ops: list, value: int):
    c = arith.ConstantOp(IntegerAttr(value, IndexType()))
    block_ops.append(c)
    return c.result


def _shape_tiles(cb) -> tuple[int, int]:
    _tiles(cb)
    rows, cols = cb.type.memref.get_shape()
    return rows // 32, cols // 32


def _for(pre: list, ub: int, build) -> None:
    """scf.for i in [0, ub) whose body `build(i, ops)` fills."""
    lb, upper, step = _index(pre, 0), _index(pre, ub), _index(pre, 1)
    body = Block(arg_types=[IndexType()])
    ops: list[Operation] = []
    build(body.args[0], ops)
    body.add_ops(ops)
    body.add_op(scf.YieldOp())
    pre.append(scf.ForOp(lb, upper, step, [], Region([body])))


def _lower_matmul(cbs) -> list[Operation]:
    """tensix's @matmul kernel: the operands' whole shards are in their CBs (host_write filled them), so the compute
    kernel waits for all their tiles and, per output tile (m, n) in row-major order, accumulates matmul_tiles over k
    in Dst tile 0 (tt-metal's bmm.cpp loop, with the in0 / in1 tile indices m * Kt + k and k * Nt + n of the
    resident shards instead of streamed tiles), then packs it to the output CB."""
    a, b, out = cbs
    (mt, kt), (kt2, nt), (mt2, nt2) = _shape_tiles(a), _shape_tiles(b), _shape_tiles(out)
    if kt != kt2 or mt != mt2 or nt != nt2:
        raise NotModelledError(f"--ttkernel-lower-builtin: @matmul on shards of {mt}x{kt}, {kt2}x{nt} and {mt2}x{nt2} "
                               f"tiles: each core would need the other cores' shards (multicast), which the written-"
                               f"out kernel does not do.\nFix: run the matmul on one core (grid=1x1).")
    pre: list[Operation] = [k.MmInitOp(operands=[a, b, out])]
    c0, c1 = _i32(pre, 0), _i32(pre, 1)
    na, nb = _i32(pre, mt * kt), _i32(pre, kt * nt)
    kt_c, nt_c = _i32(pre, kt), _i32(pre, nt)
    pre += [k.CBWaitFrontOp(operands=[a, [na]]), k.CBWaitFrontOp(operands=[b, [nb]])]
    i32 = IntegerType(32)

    def rows(m, ops_m):
        def cols(n, ops_n):
            ops_n.append(k.TileRegsAcquireOp())
            inner: list[Operation] = []

            def depth(kk, ops_k):
                mi, ni, ki = (arith.IndexCastOp(v, i32) for v in (m, n, kk))
                ia_mul = arith.MuliOp(mi.result, kt_c)
                ia = arith.AddiOp(ia_mul.result, ki.result)
                ib_mul = arith.MuliOp(ki.result, nt_c)
                ib = arith.AddiOp(ib_mul.result, ni.result)
                ops_k += [mi, ni, ki, ia_mul, ia, ib_mul, ib,
                          k.MatmulTilesOp(operands=[a, b, ia.result, ib.result, c0, c0])]
            _for(inner, kt, depth)
            ops_n += inner
            ops_n += [k.TileRegsCommitOp(), k.CBReserveBackOp(operands=[out, [c1]]), k.TileRegsWaitOp(),
                      k.PackTileOp(operands=[c0, out, c0]), k.TileRegsReleaseOp(), k.CBPushBackOp(operands=[out, [c1]])]
        loop: list[Operation] = []
        _for(loop, nt, cols)
        ops_m += loop
    _for(pre, mt, rows)
    pre += [k.CBPopFrontOp(operands=[a, [na]]), k.CBPopFrontOp(operands=[b, [nb]])]
    return pre


def _lower_builtin(op: k.BuiltinOp) -> list[Operation]:
    name, kind = op.op.root_reference.data, op.kind.root_reference.data
    cbs = list(op.args)
    if kind == "matmul" and name == "matmul" and len(cbs) == 3:
        return _lower_matmul(cbs)
    if kind != "eltwise":
        raise NotModelledError(f"--ttkernel-lower-builtin: ttkernel.builtin of kind @{kind} (only @eltwise is "
                               f"written out)")
    pre: list[Operation] = []
    c0, c1 = _i32(pre, 0), _i32(pre, 1)
    loop_ops: list[Operation] = []
    if name in _BINARY and len(cbs) == 3:
        a, b, out = cbs
        init, tiles_op = _BINARY[name]
        pre += [k.BinaryOpInitCommonOp(operands=[a, b, out]), init(operands=[a, b])]
        loop_ops += [k.CBWaitFrontOp(operands=[a, [c1]]), k.CBWaitFrontOp(operands=[b, [c1]]), k.TileRegsAcquireOp(),
                     tiles_op(operands=[a, b, c0, c0, c0]), k.TileRegsCommitOp(),
                     k.CBPopFrontOp(operands=[a, [c1]]), k.CBPopFrontOp(operands=[b, [c1]])]
    elif name == "ge" and len(cbs) == 3:
        # ttnn's binary_ng SFPU program for a float comparison (eltwise_binary_sfpu_no_bcast.cpp, tt-metal
        # 622c6fb9): both tiles copied into Dst 0 and 1, ge_binary_tile(0, 1, 0) writes 1.0 / 0.0 into Dst 0
        a, b, out = cbs
        pre += [k.InitSFPUOp(operands=[a, out])]
        loop_ops += [k.CBWaitFrontOp(operands=[a, [c1]]), k.CBWaitFrontOp(operands=[b, [c1]]), k.TileRegsAcquireOp(),
                     k.CopyTileToDstInitShortWithDtOp(operands=[b, a]), k.CopyTileOp(operands=[a, c0, c0]),
                     k.CopyTileToDstInitShortWithDtOp(operands=[a, b]), k.CopyTileOp(operands=[b, c0, c1]),
                     k.GeBinaryTileInitOp(), k.GeBinaryTileOp(operands=[c0, c1, c0]), k.TileRegsCommitOp(),
                     k.CBPopFrontOp(operands=[a, [c1]]), k.CBPopFrontOp(operands=[b, [c1]])]
    elif name == "relu" and len(cbs) == 2:
        a, out = cbs
        pre += [k.InitSFPUOp(operands=[a, out]), k.CopyTileInitOp(operands=[a]), k.ReluTileInitOp()]
        loop_ops += [k.CBWaitFrontOp(operands=[a, [c1]]), k.TileRegsAcquireOp(), k.CopyTileOp(operands=[a, c0, c0]),
                     k.ReluTileOp(operands=[c0]), k.TileRegsCommitOp(), k.CBPopFrontOp(operands=[a, [c1]])]
    else:
        raise NotModelledError(f"--ttkernel-lower-builtin: ttkernel.builtin @{name} on {len(cbs)} CBs has no "
                               f"eltwise loop (written out: @add, @mulitply, @subtract, @ge on two inputs, @relu on one)")
    loop_ops += [k.CBReserveBackOp(operands=[out, [c1]]), k.TileRegsWaitOp(), k.PackTileOp(operands=[c0, out, c0]),
                 k.TileRegsReleaseOp(), k.CBPushBackOp(operands=[out, [c1]])]
    lb, ub, step = _index(pre, 0), _index(pre, _tiles(out)), _index(pre, 1)
    body = Block(arg_types=[IndexType()])
    body.add_ops(loop_ops)
    body.add_op(scf.YieldOp())
    pre.append(scf.ForOp(lb, ub, step, [], Region([body])))
    return pre


def lower_builtin(module: ModuleOp) -> None:
    for dispatch in [o for o in module.walk() if isinstance(o, ttmetal.DispatchOp)]:
        for region in dispatch.regions:
            block = region.blocks[0]
            for op in list(block.ops):
                if isinstance(op, k.BuiltinOp):
                    for new in _lower_builtin(op):
                        block.insert_op_before(new, op)
                    block.erase_op(op)
                elif isinstance(op, (k.CBPushBackOp,)) and op.num_pages is None:
                    pre: list[Operation] = []
                    n = _i32(pre, _tiles(op.cb))
                    pre += [k.CBReserveBackOp(operands=[op.cb, [n]]), k.CBPushBackOp(operands=[op.cb, [n]])]
                    for new in pre:
                        block.insert_op_before(new, op)
                    block.erase_op(op)
