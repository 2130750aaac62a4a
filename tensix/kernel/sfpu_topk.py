"""The compute API's TopK SFPU calls: ``topk_tile_init()``, ``topk_local_sort``, ``topk_merge``, ``topk_rebuild``.

tt-metal 622c6fb9 tt_metal/hw/inc/api/compute/compute_kernel_api.h (MATH(SFPU_UNARY_CALL(..., VectorMode::RC_custom,
...)) around llk_sfpu/ckernel_sfpu_topk.h's calculate_bitonic_topk_*): each call is one run of tt-llk's kernel on the
two value tiles at Dst idst, idst + 1 and their index tiles at idst + 2, idst + 3, with the instruction stream of
tensix.sfpi.llk_topk (raw SFPU instructions, the replay buffer and the Dst base changes modelled there), queued like
every SFPU call (tensix.kernel.sfpu_batch) and bit exact on the SFPU model.

``topk_tile_init()`` is SFPU_UNARY_INIT_FN(topk_local_sort, sfpu::topk_init): LaneConfig cleared, ADDR_MOD_7 = 0 and
ADDR_MOD_6 = Dst += 32 (eltwise_unary_sfpu_configure_addrmod<topk_local_sort>), then _init_topk (LaneConfig
ENABLE_DEST_INDEX, topk_replay_init = 0). The replay buffer and topk_replay_init are kept per core for the kernel's
later calls, as the card keeps them; a topk call before any topk_tile_init on the core is refused.

Template parameters are keywords: ``topk_merge(idst, m_iter, k, idir=False)`` is topk_merge<idir>;
``stable_sort=True`` raises NotModelledError (ttnn's topk kernels use the default, false)."""

from __future__ import annotations

import weakref

from tensix.device.errors import ComputeInitError
from tensix.errors import NotModelledError
from tensix.kernel import _ctx
from tensix.kernel.compute import _cs, _init, _run_sfpu, configure_sfpu
from tensix.sfpi import llk_topk

__all__ = ["topk_tile_init", "topk_local_sort", "topk_merge", "topk_rebuild"]

_REPLAY: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()    # compute state -> llk_topk.Replay


def topk_tile_init():
    """topk_tile_init(): the unary SFPU init for topk_local_sort and _init_topk (module doc)."""
    call = "topk_tile_init"
    th, cs = _cs(call)
    _refuse_ckernel(th, cs, call)
    _init(call)
    if cs.batch is not None:    # the init programs ADDR_MOD_7 and ADDR_MOD_6 afresh
        cs.batch.addr_mods_left.pop(_ctx.th, None)
    rp = _REPLAY.get(cs) or llk_topk.Replay()
    prog, after = llk_topk.program("init", rp, cs.fp32, ())
    configure_sfpu(prog, ())
    _REPLAY[cs] = after


def _refuse_ckernel(th, cs, call):
    if "tile" in cs.__dict__:
        raise NotModelledError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: tt-llk's topk kernel is not modelled through "
            "the compute API on a core whose kernel also drives the tile through tensix.kernel.ckernel (the replay "
            "buffer and ADDR_MODs would be the tile's).")


def _call(call, kind, idst, args, stable_sort):
    th, cs = _cs(call)
    _refuse_ckernel(th, cs, call)
    if stable_sort:
        raise NotModelledError(f"{call}<stable_sort=true> on core {th.core.logical} at {th.source_line_now()}: "
                               "tensix models tt-llk's topk with STABLE_SORT = false only (what ttnn's topk runs).")
    if idst != 0:
        raise NotModelledError(
            f"{call}({idst}, ...) on core {th.core.logical} at {th.source_line_now()}: tt-llk's topk sets the Dst base "
            "to 2, 16 and 18 rows between its column passes whatever idst is (the API says idst should be 0); tensix "
            "models idst = 0 only.\nFix: load the value tiles at Dst 0, 1 and the index tiles at 2, 3.")
    rp = _REPLAY.get(cs)
    if rp is None:
        raise ComputeInitError(
            f"{call} on core {th.core.logical} at {th.source_line_now()}: no topk_tile_init() ran on this core; on "
            "hardware SFPSWAP would not carry the indices (LaneConfig ENABLE_DEST_INDEX) and the replay buffer holds "
            "whatever an earlier kernel left.\nFix: call topk_tile_init() first.")
    prog, after = llk_topk.program(kind, rp, cs.fp32, args)
    _run_sfpu(prog, (), idst)
    _REPLAY[cs] = after


def topk_local_sort(idst, idir, i_end_phase, i_start_phase=0, i_end_step=0, i_start_step=0, stable_sort=False):
    """topk_local_sort<stable_sort>(idst, idir, i_end_phase, i_start_phase, i_end_step, i_start_step): bitonic local
    sort of the 64 datums of each column pair of Dst tiles idst, idst + 1 (idir 0: decreasing), indices alongside."""
    _call("topk_local_sort", "local_sort", idst,
          (int(idir), int(i_end_phase), int(i_start_phase), int(i_end_step), int(i_start_step)), stable_sort)


def topk_merge(idst, m_iter, k, idir=False, stable_sort=False):
    """topk_merge<idir, stable_sort>(idst, m_iter, k): the larger (idir: smaller) of the length-k sequences 2^m_iter
    apart to the first."""
    _call("topk_merge", "merge", idst, (bool(idir), int(m_iter), int(k)), stable_sort)


def topk_rebuild(idst, idir, m_iter, k, logk, skip_second, stable_sort=False):
    """topk_rebuild<stable_sort>(idst, idir, m_iter, k, logk, skip_second): re-sort the merged sequences into
    alternating directions."""
    _call("topk_rebuild", "rebuild", idst, (int(bool(idir)), int(m_iter), int(k), int(logk), int(skip_second)),
          stable_sort)
