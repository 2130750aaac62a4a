"""Compute API calls of tt-metal's SDPA compute kernels that the general compute API does not have, as tt-metal
622c6fb9 builds them for Wormhole B0:

- ``reduce_block_max_row_init<block_ct_dim>(ocb)``, ``reduce_block_max_row<block_ct_dim>(icb, icb_scaler,
  row_start_index, idst)``, ``reduce_block_max_row_uninit(icb)`` (api/compute/reduce_custom.h; the LLK is
  tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/experimental/llk_math_reduce_custom_api.h). Its header says what it
  is: MAX pool along rows over `block_ct_dim` tiles with a 1.0 scaler, "a substitute for" ``llk_math_reduce<MAX,
  REDUCE_ROW>`` called in a loop onto one Dst tile, written as one MOP for speed. tensix runs it as that loop of
  reduce_tile (the same GMPOOL numbers: a running maximum is exact in any format), at reduce_tile's cost per tile.
- ``exp_tile_init<true, scale, InputClamping::None>()`` with a scale other than 1.0 (api/compute/eltwise_unary/exp.h:
  exp_init loads LReg12 = A * scale for Schraudolph's exponential, so every exp_tile<true, false, None> after it
  computes exp(x * scale)): ``exp_tile_init_scaled(scale_bits)`` and the tile call ``exp_tile_scaled(idst)``
  (exp_tile<true, false, InputClamping::None, 8 or 32>). The general exp_tile_init has no scale template (tensix's
  init check would refuse the tile call after a scaled init), so the pair lives here.
- ``exp_tile_first_column<SDPA_EXP_APPROX_MODE, scale_bf16>(idst)`` and ``recip_tile_first_column<legacy_compat>(idst)``
  (ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/compute/compute_common.hpp over
  llk_api/experimental/llk_sfpu/ckernel_sfpu_sdpa.h ``calculate_exponential_first_column`` /
  ``calculate_recip_first_column``): VectorMode::C (faces 0 and 2), per face four rows of ``dst_reg += 2``, i.e. the
  even columns 0, 2, .., 14 of the 32 rows, column 0 among them (where a row reduction leaves its result); every
  other datum keeps its value. On a 16-bit Dst (the streaming kernel) the exponential is exp_21f rounded to bf16, and
  the reciprocal outside approximate mode is rounded to bf16.
- The streaming kernel's (compute_streaming.hpp): ``sub_bcast_cols_init_short_custom`` / ``sub_tiles_bcast_cols_custom``
  (api/compute/experimental/sdpa_sub_custom.h), ``mm_no_mop_init_short`` / ``mm_no_mop_reinit_short`` /
  ``matmul_block_no_mop`` (api/compute/experimental/matmul_custom.h), ``exp_packthread_tile_init`` /
  ``exp_packthread_tile`` (api/compute/eltwise_unary/exp.h: the SFPU issued by the pack thread; ``pack_thread_sfpu``
  is the PACK(( .. )) wrapper), ``recip_tile_first_column_wh_idst0_direct`` and ``cb_push_back_hold_wr_ptr``.
"""

from __future__ import annotations

from tensix.errors import NotModelledError
from tensix.kernel import compute as _C
from tensix.kernel import sfpu_ops as _S
from tensix.kernel.compute import PoolType, ReduceDim
from tensix.sfpi import lib, llk
from tensix.sfpi.vector import dst_reg, s2vFloat16b, vFloat

__all__ = ["reduce_block_max_row_init", "reduce_block_max_row", "reduce_block_max_row_uninit",
           "exp_tile_init_scaled", "exp_tile_scaled", "exp_tile_init_default", "exp_tile_first_column",
           "recip_tile_first_column"]


# ---- reduce_block_max_row ------------------------------------------------------------------------------------------
def reduce_block_max_row_init(ocb, block_ct_dim=1):
    """reduce_block_max_row_init<block_ct_dim>(ocb): the MAX / REDUCE_ROW unpack and math, and the packer's
    REDUCE_ROW edge mask for ocb (llk_pack_reduce_mask_config). Data formats stay as configured."""
    _C.reduce_init(None, None, ocb, pool=PoolType.MAX, dim=ReduceDim.REDUCE_ROW)


def reduce_block_max_row(icb, icb_scaler, row_start_index, idst, block_ct_dim=1):
    """reduce_block_max_row<block_ct_dim>(icb, icb_scaler, row_start_index, idst): Dst tile idst = the running row
    maximum over tiles row_start_index .. row_start_index + block_ct_dim - 1 of icb (scaler tile 0), pooled onto what
    idst holds (a previous maximum copied in with the within-face transposing copy, as reduce_tile reads it)."""
    if block_ct_dim < 1:
        raise NotModelledError(f"reduce_block_max_row<{block_ct_dim}>: block_ct_dim must be at least 1.")
    for c in range(block_ct_dim):
        _C.reduce_tile(icb, icb_scaler, row_start_index + c, 0, idst, pool=PoolType.MAX, dim=ReduceDim.REDUCE_ROW)


def reduce_block_max_row_uninit(icb=None):
    """reduce_block_max_row_uninit(icb): clears the packer's edge mask (llk_pack_reduce_mask_clear)."""
    _C.reduce_uninit()


# ---- exp_tile_init<true, scale, InputClamping::None> ----------------------------------------------------------------
class _ScaledExpSpec(_S._ListSpec):
    """The scaled Schraudolph exponential: the tile list is exp_tile<true, false, None>'s, the init exp_init's with
    LReg12 = A * scale."""

    def __init__(self, scale):
        self.scale = scale
        super().__init__(f"exp<approx=true, scale=0x{scale:08X}, InputClamping::None>", self._programs, 1)

    def _programs(self, _tiles):
        if llk.sfploadmacro_disabled():
            raise NotModelledError("exp_tile_init<true, scale, InputClamping::None> with TT_METAL_DISABLE_SFPLOADMACRO"
                                   "=1 (the plain loops) is not modelled with a scale.\nFix: unset it.")
        tile, _init = llk.exp_approx_programs("None")
        scale = self.scale
        init = llk._instr_program(("exp_approx_init_scaled", scale), lambda: llk.InstrProgram(
            f"exp_tile_init<approx=true, scale=0x{scale:08X}, InputClamping::None>",
            llk._sfpu_config_reset() + llk.exp_approx_init("None", scale), llk._UNARY_INIT_AMODS))
        return tile, init


_SPECS: dict = {}


def _spec(scale):
    s = _SPECS.get(scale)
    if s is None:
        s = _SPECS[scale] = _ScaledExpSpec(scale)
    return s


_OP = _S._Op()


def exp_tile_init_scaled(scale_bits):
    """exp_tile_init<true, scale_bits, InputClamping::None>(): SFPU config reset and exp_init (LReg12 = A * scale,
    LReg13 = B - C, LReg14 = 15, the SFPLOADMACRO templates and sequence)."""
    call = "exp_tile_init"
    _C._init(call)
    _th, cs = _C._cs(call)
    cs.__dict__["sdpa_exp_scale"] = int(scale_bits)
    _OP._run_init(call, _spec(int(scale_bits)), (), cs)


def exp_tile_scaled(idst, iterations=8, vector_mode="RC"):
    """exp_tile<true, false, InputClamping::None, iterations>(idst, vector_mode) after exp_tile_init_scaled: each datum
    x becomes Schraudolph's exp(x * scale). iterations 32 with VectorMode::None (one call over the tile's 32 row
    groups, two replays of the 32 recorded instructions) computes every datum as the RC walk of 8-iteration faces
    does; tensix runs that walk (the cycle count differs by the face steps)."""
    th, cs = _C._cs("exp_tile")
    scale = cs.__dict__.get("sdpa_exp_scale")
    if scale is None:
        raise _S.SfpuInitError(f"exp_tile (scaled) on core {th.core.logical} at {th.source_line_now()}: no "
                               "exp_tile_init<true, scale, InputClamping::None> ran on this core.\nFix: call "
                               "exp_tile_init_scaled(scale) first.")
    mode = str(getattr(vector_mode, "value", vector_mode)).upper()
    if (iterations, mode) not in ((8, "RC"), (32, "NONE")):
        raise NotModelledError(f"exp_tile<true, ..., iterations={iterations}>(vector_mode={mode}): tensix models "
                               "iterations 8 with VectorMode::RC and 32 with VectorMode::None (the whole tile).")
    spec = _spec(scale)
    tile, _init = spec.llk((0,))
    program = _S._llk_program(th, cs, tile, "exp_tile")
    args = (cs.approx, cs.fp32)
    compiled = _S.compiled_of(program, args)
    _OP._check(th, cs, spec, (), compiled, "exp_tile")
    _C._run_sfpu(program, args, idst)
    _OP._after(cs, compiled, ("written by an op", "written by exp_tile"), False)


def exp_tile_init_default(approx):
    """exp_tile_init<approx>() as sdpa_exp_block calls it before exp_tile_first_column: exp_init with the default
    scale and (approx) InputClamping::ClampToNegative, which exp_tile_first_column's code does not read (the accurate
    exponential has its constants as immediates). tensix does not run that init's SFPLOADMACRO setup
    (tensix.sfpi.llk.exp_approx_init refuses ClampToNegative): it charges the init, resets ADDR_MOD_7 as
    llk_math_eltwise_unary_sfpu_init does, and marks the programmable constants overwritten, so that a later scaled
    exp_tile is refused until exp_tile_init_scaled runs again (as it does on hardware)."""
    call = "exp_tile_init"
    _C._init(call)
    th, cs = _C._cs(call)
    if cs.batch is not None:
        cs.batch.addr_mods_left.pop(th, None)
    regs = _S._regs(cs)
    who = ("exp_tile_init", f"<{str(bool(approx)).lower()}> (default scale)")
    for r in (12, 13, 14):
        regs.prgm[r] = (None, who)
    regs.tables = None
    cs.__dict__.pop("sdpa_exp_scale", None)


# ---- the first-column SFPU functions of ckernel_sfpu_sdpa.h ----------------------------------------------------------
def _exp_fc_face(scale, fp32):
    for _ in range(4):
        v = dst_reg[0]
        x = v * vFloat(s2vFloat16b(scale))
        # _sfpu_exp_accurate_<is_fp32_dest_acc_en>: Juffa's fp32 exp, or exp_21f rounded to bf16 for a 16-bit Dst
        dst_reg[0] = lib.exp_fp32_accurate(x) if fp32 else lib.exp_21f_bf16(x, False)
        dst_reg += 2


def _exp_first_column_program(scale, fp32):
    llk.face_program(_exp_fc_face, _exp_fc_face, "c", scale, fp32)


def exp_tile_first_column(idst, approx, scale_bf16):
    """exp_tile_first_column<SDPA_EXP_APPROX_MODE, scale_bf16>(idst) (compute_common.hpp ->
    calculate_exponential_first_column): with SDPA_EXP_APPROX_MODE, per row group ``_ckernel_sfpu_exp_accurate_<
    SCALE_EN=true, DST_ACCUM_MODE>(x, scale)``: x * scale (the bf16 scale), then _sfpu_exp_fp32_accurate_ for an fp32
    Dst, _sfpu_exp_21f_bf16_<false> (exp_21f, rounded to bf16) for a 16-bit one (the streaming kernel's default
    config). Not modelled: SDPA_EXP_APPROX_MODE = false (the hand-written SFPLOADI / SFPMAD polynomial of
    calculate_exponential_polynomial)."""
    th, cs = _C._cs("exp_tile_first_column")
    if not approx:
        raise NotModelledError("exp_tile_first_column<SDPA_EXP_APPROX_MODE = false> (ckernel_sfpu_sdpa.h "
                               "calculate_exponential_polynomial, a TTI polynomial) is not modelled.\nFix: "
                               "exp_approx_mode=True in the SDPA program config (the default).")
    _C._run_sfpu(_exp_first_column_program, (_bf16_float(int(scale_bf16)), bool(cs.fp32)), idst)


def _bf16_float(bits):
    import numpy as np
    return float(np.uint32((bits & 0xFFFF) << 16).view(np.float32))


def _recip_fc_face(iters, to_bf16):
    for _ in range(4):
        v = dst_reg[0]
        # !(DST_ACCUM_MODE || APPROX): convert<vFloat16b>(out, RoundMode::Nearest) before the store
        dst_reg[0] = llk._bf16_unless_fp32(llk._reciprocal(v, iters, True), not to_bf16)
        dst_reg += 2


def _recip_first_column_program(iters, to_bf16):
    llk.face_program(_recip_fc_face, _recip_fc_face, "c", iters, to_bf16)


def recip_tile_first_column(idst, legacy_compat=True):
    """recip_tile_first_column<legacy_compat>(idst) (ckernel_sfpu_sdpa.h calculate_recip_first_column): legacy_compat
    runs _reciprocal_compat_<APPROX ? 2 : 3> per row group (no sign restore: the row sums it inverts are positive),
    rounded to nearest bf16 (convert<vFloat16b>) on a 16-bit Dst outside approximate mode. Not modelled:
    legacy_compat = false."""
    th, cs = _C._cs("recip_tile_first_column")
    if not legacy_compat:
        raise NotModelledError("recip_tile_first_column<legacy_compat = false> is not modelled.")
    _C._run_sfpu(_recip_first_column_program, (2 if cs.approx else 3, not (cs.fp32 or cs.approx)), idst)


# ---- the streaming kernel's calls (compute_streaming.hpp, tt-metal 622c6fb9) -----------------------------------------
# Each is modelled from its compute API header; where the call differs from a general one only in how the hardware
# runs it (no MOP, the pack thread issuing the SFPU, several tiles per unpack), the numbers are the general call's.
__all__ += ["sub_bcast_cols_init_short_custom", "sub_tiles_bcast_cols_custom", "mm_no_mop_init_short",
            "mm_no_mop_reinit_short", "matmul_block_no_mop", "pack_thread_sfpu", "exp_packthread_tile_init_scaled",
            "exp_packthread_tile_scaled", "exp_packthread_tile_init_default", "recip_tile_first_column_wh_idst0_direct",
            "cb_push_back_hold_wr_ptr"]


def sub_bcast_cols_init_short_custom(icb0, icb1, ct_dim=1):
    """sub_bcast_cols_init_short_custom(icb0, icb1, ct_dim) (api/compute/experimental/sdpa_sub_custom.h): the
    column-broadcast subtraction's unpack (one unpack of ct_dim consecutive A tiles against one B tile) and math;
    the same init as sub_bcast_cols_init_short."""
    _C.sub_bcast_cols_init_short(icb0, icb1)


def sub_tiles_bcast_cols_custom(icb0, icb1, itile0, itile1, idst, ct_dim):
    """sub_tiles_bcast_cols_custom(icb0, icb1, itile0, itile1, idst, ct_dim): Dst tiles idst .. idst + ct_dim - 1 =
    icb0 tiles itile0 .. itile0 + ct_dim - 1 minus icb1 tile itile1's column 0 broadcast along the rows (the
    LLK walks the ct_dim A tiles with the B tile held in SrcB; each result is sub_tiles_bcast_cols')."""
    for j in range(int(ct_dim)):
        _C.sub_tiles_bcast_cols(icb0, icb1, itile0 + j, itile1, idst + j)


def mm_no_mop_init_short(in0_cb, in1_cb, transpose=False, ct_dim=1, rt_dim=1, kt_dim=1):
    """mm_no_mop_init_short (api/compute/experimental/matmul_custom.h): the unpacker's matmul setup and the math
    engine's replay-buffer matmul (no MOP); formats and the packer untouched, as matmul_block_init."""
    _C.matmul_block_init(in0_cb, in1_cb, 1 if transpose else 0, ct_dim, rt_dim, kt_dim)


def mm_no_mop_reinit_short(in0_cb, in1_cb, transpose=False, ct_dim=1, rt_dim=1, kt_dim=1):
    """mm_no_mop_reinit_short: the same setup, re-issued in a steady-state loop (matmul_custom.h)."""
    _C.matmul_block_init(in0_cb, in1_cb, 1 if transpose else 0, ct_dim, rt_dim, kt_dim)


def matmul_block_no_mop(in0_cb, in1_cb, in0_tile_index, in1_tile_index, idst, transpose, ct_dim, rt_dim, kt_dim):
    """matmul_block_no_mop: Dst += the rt_dim x ct_dim block product of in0 (row stride kt_dim) and in1, the same
    unpack (llk_unpack_AB_matmul) and the same FPU products as matmul_block; only the instruction issue differs
    (replay buffer instead of a MOP)."""
    _C.matmul_block(in0_cb, in1_cb, in0_tile_index, in1_tile_index, idst, 1 if transpose else 0, ct_dim, rt_dim,
                    kt_dim)


class pack_thread_sfpu:  # noqa: N801 (used as `with pack_thread_sfpu():`, like the C++ PACK(( ... )) wrapper)
    """SFPU calls issued by the pack thread (``PACK((exp_tile_first_column(..)))``, ``exp_packthread_tile``): after
    tile_regs_wait the packer owns Dst and points the SFPU at its half; the SFPU code is the math thread's and the
    cycles land on the pack thread (tensix.kernel.compute._sfpu_from_pack, without its tile_regs_wait: the streaming
    kernel has called it)."""

    def __enter__(self):
        th, cs = _C._cs("exp_packthread_tile")
        if not cs.pack_open:
            raise NotModelledError(f"a pack-thread SFPU call on core {th.core.logical} at {th.source_line_now()} "
                                   "before tile_regs_wait: the packer does not own Dst.\nFix: tile_regs_commit(); "
                                   "tile_regs_wait() first.")
        self.cs = cs
        cs.sfpu_pack_half = cs.n_rel % cs.nbuf
        return self

    def __exit__(self, *exc):
        self.cs.sfpu_pack_half = None
        return False


def exp_packthread_tile_init_scaled(scale_bits):
    """exp_packthread_tile_init<true, scale, InputClamping::None>() (api/compute/eltwise_unary/exp.h): exp_init with
    LReg12 = A * scale, run by the pack thread; the programmable registers are the SFPU's, shared by both threads."""
    exp_tile_init_scaled(scale_bits)


def exp_packthread_tile_scaled(idst):
    """exp_packthread_tile<true, false, InputClamping::None, 32>(idst, VectorMode::None): exp_tile_scaled on the
    packer's Dst half (call it inside `with pack_thread_sfpu():`)."""
    exp_tile_scaled(idst, 32, "None")


def exp_packthread_tile_init_default(approx):
    """exp_packthread_tile_init<EXP_APPROX_MODE>(): exp_init with the default scale, as exp_tile_init_default."""
    exp_tile_init_default(approx)


def recip_tile_first_column_wh_idst0_direct():
    """recip_tile_first_column_wh_idst0_direct() (compute_streaming.hpp, Wormhole): calculate_recip_first_column (the
    legacy-compat reciprocal, APPROX from math_approx_mode) over faces 0 and 2 of Dst tile 0, inlined rather than run
    through the unary launcher; the numbers are recip_tile_first_column(0)'s."""
    recip_tile_first_column(0)


def cb_push_back_hold_wr_ptr(cb_id, num_tiles):
    """cb_push_back_hold_wr_ptr(cb_id, num_tiles) (compute_streaming.hpp): cb_push_back, then the pack thread rewinds
    the CB's write pointer by the pushed pages, so the pages become visible to the unpacker while later pack_tile<true>
    offsets stay relative to the same base (the streaming kernel packs a whole Q chunk's scores into cb_qkt_im row
    group by row group, pushing each as it completes). The C++ keeps no reservation count; tensix's CB model does, so
    the pushed pages are re-counted as reserved (the kernel packs onto them again: the in-place exponential)."""
    from tensix.kernel import dataflow as _D
    from tensix.kernel import _ctx as _X
    _D.cb_push_back(cb_id, num_tiles)
    cb = _X.th.core.cbs[cb_id]
    w = cb.wr_ptr - num_tiles * cb.page_size
    cb.wr_ptr = w + cb.size if w < cb.base else w
    cb.reserved += num_tiles
