"""The compute API's typecast_tile<IN, OUT> / typecast_tile_init<IN, OUT> for the float formats tensix.ttnn casts
between, from tt-metal 622c6fb9 tt_metal/hw/inc/api/compute/eltwise_unary/typecast.h and
tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_typecast.h:

- Float32 -> Float16_b: ``calculate_typecast_fp32_to_fp16b`` after ``init_typecast_fp32_to_fp16b`` (vConstIntPrgm0
  = 1, vConstIntPrgm1 = 0x7fff, vConstIntPrgm2 = 0xffff0000): per row the FP32 bits + 0x7fff + ((bits >> 16) & 1),
  the low 16 bits cleared (round to nearest even in integer arithmetic, NaN patterns included), stored as FP32; the
  packer then writes the bf16 value exactly.
- Float16_b <-> Float32, Bfp8_b / Bfp4_b <-> Float16_b / Float32, Bfp4_b <-> Bfp8_b and a format to itself: no SFPU
  code ("handled by the unpacker / packer"): init and op do nothing.
The integer casts are not modelled (NotModelledError)."""

from __future__ import annotations

from tensix.device.formats import DataFormat
from tensix.errors import NotModelledError
from tensix.sfpi import lib
from tensix.sfpi.vector import reinterpret, vConstIntPrgm0, vConstIntPrgm1, vConstIntPrgm2, vFloat, vUInt

_FLOATS = (DataFormat.Float32, DataFormat.Float16_b, DataFormat.Bfp8_b, DataFormat.Bfp4_b)


def _fp32_to_fp16b_row(v):
    bits = reinterpret(vUInt, v)
    lsb = (bits >> 16) & vConstIntPrgm0
    bits = bits + vConstIntPrgm1
    bits = bits + lsb
    return reinterpret(vFloat, bits & vConstIntPrgm2)


def fp32_to_fp16b_program(approx, fp32_dest):
    """``calculate_typecast_fp32_to_fp16b<APPROX, 8>`` over the tile (VectorMode::RC). It loads and stores the Dst
    rows as FP32 (SFPLOAD / SFPSTORE FP32), so it needs the fp32 Dst that a Float32 input gives
    (preserve_fp32_precision)."""
    if not fp32_dest:
        raise NotModelledError("typecast Float32 -> Float16_b with a 16-bit Dst: the kernel reads FP32 rows; ttnn "
                               "runs it with fp32_dest_acc_en.")
    lib._unary_tile(_fp32_to_fp16b_row)


def fp32_to_fp16b_init(approx):
    """``init_typecast_fp32_to_fp16b``: the three integer constants in vConstIntPrgm0..2 (SFPCONFIG)."""
    vConstIntPrgm0.set(1)
    vConstIntPrgm1.set(0x7FFF)
    vConstIntPrgm2.set(0xFFFF0000)


def init_and_func(in_fmt, out_fmt):
    """(typecast_tile_init<IN, OUT>, typecast_tile<IN, OUT>) as callables: init(), func(idst)."""
    if in_fmt not in _FLOATS or out_fmt not in _FLOATS:
        raise NotModelledError(f"typecast_tile<{getattr(in_fmt, 'name', in_fmt)}, {getattr(out_fmt, 'name', out_fmt)}>"
                               " is not modelled by tensix.ttnn (only the float formats Float32 / Float16_b / Bfp8_b / "
                               "Bfp4_b).")
    if in_fmt == DataFormat.Float32 and out_fmt == DataFormat.Float16_b:
        from tensix.kernel.compute import _init, _run_sfpu, configure_sfpu

        def init():
            _init("typecast_tile_init")
            configure_sfpu(fp32_to_fp16b_init, (False,))
            _mark_constants()

        def func(idst):
            from tensix.kernel import _ctx
            cs = _ctx.th.compute
            _run_sfpu(fp32_to_fp16b_program, (cs.approx, cs.fp32), idst)
        return init, func

    def noop_init():
        from tensix.kernel.compute import _init
        _init("typecast_tile_init")

    return noop_init, (lambda idst: None)


def _mark_constants():
    """Tell tensix.kernel.sfpu_ops' record of the core's programmable constants that LReg12-14 now hold this init's
    values (so an op that reads its own constants after it without its init is refused, as on hardware it would
    compute with these)."""
    from tensix.kernel import _ctx, sfpu_ops
    regs_of = getattr(sfpu_ops, "_regs", None)
    cs = _ctx.th.compute
    if regs_of is not None:
        regs = regs_of(cs)
        for r in (12, 13, 14):
            regs.prgm[r] = (None, ("typecast_fp32_to_fp16b", "init"))
    cs.sfpu_init = ("typecast_fp32_to_fp16b", "constants of its own")
