"""The Welford compute API of tt-metal 622c6fb9 (``tt_metal/hw/inc/api/compute/welford.h``): the running mean and M2
of the rows of Dst tiles on the SFPU, kept in LReg4 / LReg5 between calls.

Each call runs tt-llk's instruction list (tensix.sfpi.llk_welford) on the core's SFPU, queued like every SFPU call
(tensix.kernel.sfpu_batch; the core's SFPU state carries LReg4-7 from call to call, as on the card). Template
parameters are implied: ``reciprocal_size`` is ``len(reciprocal_lut)`` (a kernel passes the table as a numpy view of
L1, ``l1_ptr(get_tile_address(cb, 0), np.uint32, W)``, or ``()`` for the float-division fallback); the table's
entries are read when the call is made, as the math RISC-V does when it issues the SFPLOADIs.

Faithful or loud:

- The statistics live in LRegs. tensix's SFPI ops are compiled by tensix's own register allocator, not sfpi-gcc's,
  so an SFPU op of another kind between ``welford_init`` / ``welford_clear`` / ``welford_restore_state`` and a call
  that reads LReg4 / LReg5 (update, save, finalize) would leave other values there than on the card: refused
  (NotModelledError). Save the state to Dst around such ops (welford_save_state / welford_restore_state), as
  tt-metal's kernels do.
- The updates replay what ``welford_init`` recorded in the replay buffer: an update with no ``welford_init`` on the
  core, or after a transpose init that records the transpose-dest sequence over it (transpose_wh_init /
  transpose_wh_init_short of an unpack-to-Dst CB: llk_math_transpose_dest_init), is refused.
- A core whose kernel also pushes tt-llk words itself (tensix.kernel.ckernel) is refused: those SFPU instructions
  would not be seen by the LReg check.
"""

from __future__ import annotations

import enum
import weakref

import numpy as np

from tensix.errors import NotModelledError
from tensix.kernel import _ctx
from tensix.kernel.compute import _cs, _init, _run_sfpu, configure_sfpu, copy_tile_to_dst_init_short
from tensix.sfpi import llk_welford as W

__all__ = ["WelfordInitMode", "welford_init", "welford_reinit", "welford_clear", "welford_update",
           "welford_update_rows", "welford_save_state", "welford_restore_state", "welford_finalize_to_row",
           "welford_finalize_to_face", "get_tile_address"]


class WelfordInitMode(enum.Enum):
    """welford.h's WelfordInitMode: ClearStats zeroes LReg4 / LReg5, PreserveStats keeps them (re-recording the
    replay buffer mid-pass)."""
    ClearStats = 0
    PreserveStats = 1


class _State:
    __slots__ = ("recorded", "seq")

    def __init__(self):
        self.recorded = False   # welford_init's replay record is in place
        self.seq = -1           # cs.sfpu_calls right after the last Welford call that left LReg4 / LReg5 known


_STATE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _state(cs) -> _State:
    s = _STATE.get(cs)
    if s is None:
        s = _STATE[cs] = _State()
    return s


def replay_clobbered(cs, icb):
    """Called by transpose_wh_init / transpose_wh_init_short: on an unpack-to-Dst CB (32-bit input) the math init
    (llk_math_transpose_dest_init) records its own sequence in the replay buffer over Welford's slots 16..31."""
    s = _STATE.get(cs)
    if s is not None and int(icb) in cs.unpack_to_dest:
        s.recorded = False


def _wcs(call):
    """(thread, ComputeState) of the calling compute kernel; refused on a core whose kernel also drives the tile
    through tensix.kernel.ckernel (its TTI_ words would run SFPU instructions the LReg check does not see)."""
    th, cs = _cs(call)
    if "tile" in cs.__dict__:
        raise NotModelledError(f"{call} {_where(th)}: the Welford compute API is not modelled on a core whose kernel "
                               "also uses tensix.kernel.ckernel.\nFix: issue tt-llk's Welford words yourself with TTI_.")
    return th, cs


def _where(th):
    return f"on core {th.core.logical} at {th.source_line_now()}"


def _need_stats(call, th, cs, s):
    if s.seq != cs.sfpu_calls:
        raise NotModelledError(
            f"{call} {_where(th)} reads the running mean / M2 in LReg4 / LReg5, but "
            + ("no welford_init / welford_clear / welford_restore_state set them on this core"
               if s.seq < 0 else "another SFPU op ran on this core since the last Welford call")
            + ": on hardware those LRegs hold what sfpi-gcc's register allocation left there, which tensix (with its "
            "own allocator) does not model.\nFix: welford_save_state before the other op and welford_restore_state "
            "after it, or welford_init() for a fresh pass.")


def _done(cs, s):
    s.seq = cs.sfpu_calls


def welford_init(mode=WelfordInitMode.ClearStats):
    """welford_init<mode>(): the LLK init (LaneConfig, ADDR_MOD_7, counters, the replay record) and, ClearStats, the
    mean and M2 zeroed."""
    th, cs = _wcs("welford_init")
    _init("welford_init")
    clear = mode == WelfordInitMode.ClearStats
    if not clear and mode != WelfordInitMode.PreserveStats:
        raise NotModelledError(f"welford_init: mode {mode!r} is not a WelfordInitMode.")
    s = _state(cs)
    keep = s.seq == cs.sfpu_calls
    configure_sfpu(W.program(("init", clear), f"welford_init<{mode.name}>", lambda: W.init_instrs(clear)))
    s.recorded = True
    if clear or keep:
        _done(cs, s)


def welford_reinit(cbid):
    """welford_reinit(cbid): the unpacker's A init and the math datacopy (state_configure is a no-op without its
    sentinel); the replay buffer and LReg4 / LReg5 are untouched."""
    copy_tile_to_dst_init_short(cbid)


def welford_clear():
    """welford_clear(): LReg4 = LReg5 = 0."""
    th, cs = _wcs("welford_clear")
    configure_sfpu(W.program(("clear",), "welford_clear", W.clear_instrs))
    _done(cs, _state(cs))


def _lut(reciprocal_lut):
    lut = np.asarray(reciprocal_lut)
    if lut.size and lut.dtype != np.uint32:
        if lut.dtype == np.float32:
            lut = lut.view(np.uint32)
        else:
            raise NotModelledError("a Welford reciprocal table is a std::array<uint32_t, N> of float32 bits: pass "
                                   f"uint32 (or float32) values, not {lut.dtype}.")
    return lut.reshape(-1)


def _rows(call, input_dst_idx, start_idx, start_row, num_rows, reciprocal_lut):
    th, cs = _wcs(call)
    s = _state(cs)
    if not s.recorded:
        raise NotModelledError(
            f"{call} {_where(th)} replays the Welford sequence welford_init records in the replay buffer, but "
            + ("no welford_init ran on this core" if s.seq < 0 else
               "a transpose_wh_init(_short) of an unpack-to-Dst CB recorded the transpose-dest sequence over it")
            + " (tensix does not model what the replay would issue then).\nFix: welford_init<PreserveStats>() "
            "after the transpose init, as layernorm_welford.cpp does.")
    _need_stats(call, th, cs, s)
    lut = _lut(reciprocal_lut)
    n = int(num_rows)
    used = tuple(W.recip_bits(int(start_idx) + k, lut) for k in range(n))
    key = ("rows", int(start_row), n, used)
    name = f"{call}<{lut.size}>(start_idx={start_idx}, start_row={start_row}, num_rows={n})"
    prog = W.program(key, name, lambda: W.tile_rows(int(start_idx), int(start_row), n, lut))
    if prog.instrs:
        _run_sfpu(prog, (), int(input_dst_idx))
    else:   # num_rows == 0: the LLK returns at once (the driver's start / done still run: no SFPU instruction)
        configure_sfpu(prog)
    _done(cs, s)


def welford_update(input_dst_idx, start_idx, reciprocal_lut):
    """welford_update<reciprocal_size>(input_dst_idx, start_idx, reciprocal_lut): the 32 rows of Dst tile
    input_dst_idx, in order, as samples start_idx .. start_idx + 31 of every column."""
    _rows("welford_update", input_dst_idx, start_idx, 0, 32, reciprocal_lut)


def welford_update_rows(input_dst_idx, start_idx, start_row, num_rows, reciprocal_lut):
    """welford_update_rows<reciprocal_size>(input_dst_idx, start_idx, start_row, num_rows, reciprocal_lut): rows
    start_row .. start_row + num_rows - 1 only."""
    _rows("welford_update_rows", input_dst_idx, start_idx, start_row, num_rows, reciprocal_lut)


def _group(call, group_id):
    g = 0 if group_id is None else int(group_id)
    if not 0 <= g < 16:
        raise NotModelledError(f"{call}: group_id {g} would address beyond the first face's rows (0..15).")
    return g


def welford_save_state(mean_dst_idx, group_id=None):
    """welford_save_state(mean_dst_idx[, group_id]): LReg4 to Dst tile mean_dst_idx, LReg5 to the next tile (raw:
    4 rows x 8 even columns of face 0, at row 4 * group_id)."""
    th, cs = _wcs("welford_save_state")
    s = _state(cs)
    _need_stats("welford_save_state", th, cs, s)
    g = _group("welford_save_state", group_id)
    _run_sfpu(W.program(("save", g), "welford_save_state", lambda: W.save_instrs(g)), (), int(mean_dst_idx))
    _done(cs, s)


def welford_restore_state(mean_dst_idx, group_id=None):
    """welford_restore_state(mean_dst_idx[, group_id]): the reverse of welford_save_state."""
    th, cs = _wcs("welford_restore_state")
    g = _group("welford_restore_state", group_id)
    _run_sfpu(W.program(("restore", g), "welford_restore_state", lambda: W.restore_instrs(g)), (),
              int(mean_dst_idx))
    _done(cs, _state(cs))


def welford_finalize_to_row(mean_dst_idx, scale_idx, reciprocal_lut):
    """welford_finalize_to_row<reciprocal_size>(mean_dst_idx, scale_idx, reciprocal_lut): the mean to row 0 of Dst
    tile mean_dst_idx, M2 * reciprocal[scale_idx] (the variance) to row 0 of the next tile; rows 1-3 of faces 0 and
    1 of both tiles become 0."""
    th, cs = _wcs("welford_finalize_to_row")
    s = _state(cs)
    _need_stats("welford_finalize_to_row", th, cs, s)
    bits = W.recip_bits(int(scale_idx), _lut(reciprocal_lut))
    _run_sfpu(W.program(("final_row", bits), f"welford_finalize_to_row(scale={bits:#x})",
                        lambda: W.finalize_row_instrs(bits)), (), int(mean_dst_idx))
    _done(cs, s)


def welford_finalize_to_face(mean_dst_idx, *args):
    """welford_finalize_to_face<reciprocal_size>(mean_dst_idx, [group_id,] scale_idx, reciprocal_lut): the mean and
    M2 * reciprocal[scale_idx] stored raw (as welford_save_state)."""
    th, cs = _wcs("welford_finalize_to_face")
    if len(args) == 2:
        group_id, (scale_idx, lut) = None, args
    elif len(args) == 3:
        group_id, scale_idx, lut = args
    else:
        raise TypeError("welford_finalize_to_face(mean_dst_idx, [group_id,] scale_idx, reciprocal_lut)")
    s = _state(cs)
    _need_stats("welford_finalize_to_face", th, cs, s)
    g = _group("welford_finalize_to_face", group_id)
    bits = W.recip_bits(int(scale_idx), _lut(lut))
    _run_sfpu(W.program(("final_face", g, bits), f"welford_finalize_to_face(scale={bits:#x})",
                        lambda: W.finalize_face_instrs(bits, g)), (), int(mean_dst_idx))
    _done(cs, s)


def get_tile_address(cb_id, tile_index):
    """get_tile_address(cb_id, tile_index) (api/compute/cb_api.h, 622c6fb9): the L1 byte address of tile_index's
    first datum from the CB's read pointer (fifo_rd_ptr + page size * tile_index; no header offset in this
    version, unlike cb_get_tile)."""
    from tensix.kernel.compute import _cb
    th = _ctx.th
    return _cb(th, cb_id, "get_tile_address").front_addr(int(tile_index))
