"""The compute API's typecast_tile<IN, OUT> / typecast_tile_init<IN, OUT> for the float formats tensix.ttnn casts
between, from tt-metal 622c6fb9 tt_metal/hw/inc/api/compute/eltwise_unary/typecast.h and
tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu/ckernel_sfpu_typecast.h:

- Float32 -> Float16_b: ``calculate_typecast_fp32_to_fp16b`` after ``init_typecast_fp32_to_fp16b`` (vConstIntPrgm0
  = 1, vConstIntPrgm1 = 0x7fff, vConstIntPrgm2 = 0xffff0000): per row the FP32 bits + 0x7fff + ((bits >> 16) & 1),
  the low 16 bits cleared (round to nearest even in integer arithmetic, NaN patterns included), stored as FP32; the
  packer then writes the bf16 value exactly.
- Float16_b <-> Float32, Bfp8_b / Bfp4_b <-> Float16_b / Float32, Bfp4_b <-> Bfp8_b and a format to itself: no SFPU
  code ("handled by the unpacker / packer"): init and op do nothing.
- The integer casts between {Float32, Float16_b, Bfp8_b, Bfp4_b} and {Int32, UInt32, UInt16}, UInt16 <-> UInt32 /
  Int32 and Int32 / UInt32 -> UInt16: typecast.h's calculate_typecast_* / init_typecast_* of the same
  ckernel_sfpu_typecast.h, which are TTI_ instruction lists (SFPLOADMACRO schedules in the default build), run as
  tt-llk's own instructions: tensix.sfpi.llk_typecast (its docstring says what each computes). Int32 <-> UInt32 and
  an integer format to itself match no branch of typecast_tile: no SFPU code, the bits move unchanged.
- UInt16 data in a 32-bit Dst (Float32 <-> UInt16, UInt16 <-> Int32 / UInt32, Int32 / UInt32 -> UInt16): the
  kernels mask the 32-bit load with 0xFFFF (copy_tile writes UInt16 into the low half of each Dst word and keeps the
  high half) or store with the hi / lo swapping SFPSTORE mode 9 (the packer reads UInt16 from the high half):
  tensix.device.formats copy_tile_to_dest / pack_from_dest model both sides.
- UInt8 (always with a 32-bit Dst): {Float32, Float16_b, Bfp8_b, Bfp4_b} -> UInt8 ``calculate_typecast_fp32_to_uint8``,
  {Int32, UInt32, UInt16} -> UInt8 ``calculate_typecast_uint_to_uint8``, UInt8 -> Float32 / Float16_b / Bfp8_b /
  Bfp4_b / UInt16 the uint32 kernels, UInt8 -> Int32 / UInt32 no SFPU code (tensix.sfpi.llk_typecast); copy_tile of
  a UInt8 CB leaves the byte's value as an int32 in Dst, the packer saturates an int32 to 0..255 (formats)."""

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


_INTS = (DataFormat.Int32, DataFormat.UInt32, DataFormat.UInt16, DataFormat.UInt8)


def _name(fmt):
    return getattr(fmt, "name", str(fmt))


def refuse_unmodelled(in_fmt, out_fmt, fp32_dest):
    """NotModelledError for a pair tensix does not run: a format outside the float and integer ones above, or UInt8
    data with a 16-bit Dst (copy_tile's ELWADD with INT8 math writes 32-bit words; tt-metal's typecast_impl always
    sets fp32_dest_acc_en for UInt8)."""
    pair = f"typecast_tile<{_name(in_fmt)}, {_name(out_fmt)}>"
    for f in (in_fmt, out_fmt):
        if f not in _FLOATS and f not in _INTS:
            raise NotModelledError(f"{pair} is not modelled by tensix.ttnn (formats Float32 / Float16_b / Bfp8_b / "
                                   f"Bfp4_b / Int32 / UInt32 / UInt16 / UInt8; {_name(f)} is not one of them).")
    if not fp32_dest and DataFormat.UInt8 in (in_fmt, out_fmt):
        raise NotModelledError(
            f"{pair} with a 16-bit Dst: UInt8 data in Dst is Integer \"32\" words (copy_tile's ELWADD with INT8 math) "
            "and its kernels load and store INT32 rows, which a 16-bit Dst does not hold; not modelled.\nFix: "
            "fp32_dest_acc_en=True (tt-metal's typecast_impl sets it for every UInt8 cast).")


def init_and_func(in_fmt, out_fmt):
    """(typecast_tile_init<IN, OUT>, typecast_tile<IN, OUT>) as callables: init(), func(idst)."""
    if in_fmt in _FLOATS and out_fmt in _FLOATS:
        return _float_init_and_func(in_fmt, out_fmt)
    refuse_unmodelled(in_fmt, out_fmt, True)      # the formats now; the Dst mode when the kernel runs (_programs)
    from tensix.sfpi import llk_typecast
    pair = (_name(in_fmt), _name(out_fmt))
    if pair in llk_typecast.NO_SFPU:
        return _noop()
    if pair not in llk_typecast.KERNELS:
        raise NotModelledError(f"typecast_tile<{pair[0]}, {pair[1]}> is not in tensix.sfpi.llk_typecast's table of "
                               "622c6fb9 typecast.h's pairs; not modelled.")

    def _programs():
        from tensix.kernel import _ctx
        from tensix.sfpi.llk import sfploadmacro_disabled
        cs = _ctx.th.compute
        refuse_unmodelled(in_fmt, out_fmt, cs.fp32)
        return cs, llk_typecast.programs(pair[0], pair[1], cs.fp32, not sfploadmacro_disabled())

    def init():
        from tensix.kernel import _ctx
        from tensix.kernel.compute import _init, configure_sfpu
        _init("typecast_tile_init")
        cs, (_tile, init_prog) = _programs()
        if cs.batch is not None:    # the init programs ADDR_MOD_7 / ADDR_MOD_6 afresh (as sfpu_ops' inits)
            cs.batch.addr_mods_left.pop(_ctx.th, None)
        configure_sfpu(init_prog, ())
        written = {i["VD"] for i in init_prog.instrs if i.op == "SFPCONFIG" and 12 <= i["VD"] <= 14}
        _mark_registers(written, f"typecast_{pair[0].lower()}_to_{pair[1].lower()}")

    def func(idst):
        from tensix.kernel import _ctx
        from tensix.kernel.compute import _run_sfpu
        from tensix.kernel.sfpu_ops import _llk_program
        cs, (tile, _init_prog) = _programs()
        # refused on a core whose kernel also drives the tile through tensix.kernel.ckernel (as sfpu_ops' tt-llk ops)
        _run_sfpu(_llk_program(_ctx.th, cs, tile, f"typecast_tile<{pair[0]}, {pair[1]}>"), (cs.approx, cs.fp32), idst)
        _mark_registers((), None)
    return init, func


def _noop():
    def noop_init():
        from tensix.kernel.compute import _init
        _init("typecast_tile_init")

    return noop_init, (lambda idst: None)


def _float_init_and_func(in_fmt, out_fmt):
    """The float pairs: Float32 -> Float16_b's SFPI program, the others no SFPU code."""
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
    return _noop()


def _mark_registers(written, key):
    """Tell tensix.kernel.sfpu_ops' record of the core's SFPU registers what a typecast init (key) or op (key None)
    left: the programmable constants an init wrote now hold its values (an op that reads its own constants after it
    without its own init is refused, as on hardware it would compute with these); LReg0-7 no longer hold any op's LUT
    tables (both go through LReg0..7)."""
    from tensix.kernel import _ctx, sfpu_ops
    regs_of = getattr(sfpu_ops, "_regs", None)
    cs = _ctx.th.compute
    if regs_of is not None:
        regs = regs_of(cs)
        for r in written:
            regs.prgm[r] = (None, (key, "init"))
        regs.tables = None
    if written:
        cs.sfpu_init = (key, "constants of its own")


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
