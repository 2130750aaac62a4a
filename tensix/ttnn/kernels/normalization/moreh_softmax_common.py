"""The moreh helpers that the W and large softmax kernels call beyond tensix/ttnn/kernels/normalization/moreh_lib.py,
at tt-metal 622c6fb9.

Compute side (ttnn/cpp/ttnn/kernel/compute/moreh_common.hpp): sub_bcast_cols_init_short_with_dt /
mul_bcast_cols_init_short_with_dt, the broadcast `*_to_cb` steps (sub_tiles_bcast_{cols,rows}_to_cb,
mul_tiles_bcast_{cols,rows}_to_cb: one tile of icb0 op the broadcast tile of icb1, packed into ocb) and
exp_tile_and_mask_tile_to_cb (exp, then mask_tile with the mask tile in Dst 1; it pops its input right after the copy
into Dst and the mask after tile_regs_commit, before the pack). `dt` is the kernel's FP32_DEST_ACC_EN (a helper module
cannot see the kernel's defines). Dataflow side (ttnn/cpp/ttnn/kernel/dataflow/moreh_common.hpp): generate_mask_w."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.moreh_lib import _binary_to_cb, copy_tile_init_with_dt, pack_tile_with_dt
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK as _FORK


def sub_bcast_cols_init_short_with_dt(icb0, icb1, dt):
    if dt:
        reconfig_data_format(icb0, icb1)
    sub_bcast_cols_init_short(icb0, icb1)


def mul_bcast_cols_init_short_with_dt(icb0, icb1, dt):
    if dt:
        reconfig_data_format(icb0, icb1)
    mul_bcast_cols_init_short(icb0, icb1)


def sub_tiles_bcast_cols_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    """sub_tiles_bcast_cols_to_cb: sub_bcast_cols_init_short, sub_tiles_bcast<COL> (x minus column 0 of icb1's tile
    along each row)."""
    _binary_to_cb(sub_bcast_cols_init_short, sub_tiles_bcast[BroadcastType.COL], icb0, icb1, ocb, itile0, itile1,
                  pop0, pop1, dt)


def sub_tiles_bcast_rows_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    """sub_tiles_bcast_rows_to_cb: the ELWSUB / ROW init it issues through the LLKs (sub_bcast_rows_init_short's),
    sub_tiles_bcast<ROW> (x minus row 0 of icb1's tile down each column)."""
    _binary_to_cb(sub_bcast_rows_init_short, sub_tiles_bcast[BroadcastType.ROW], icb0, icb1, ocb, itile0, itile1,
                  pop0, pop1, dt)


def mul_tiles_bcast_cols_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    _binary_to_cb(mul_bcast_cols_init_short, mul_tiles_bcast_cols, icb0, icb1, ocb, itile0, itile1, pop0, pop1, dt)


def mul_tiles_bcast_rows_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    _binary_to_cb(mul_bcast_rows_init_short, mul_tiles_bcast_rows, icb0, icb1, ocb, itile0, itile1, pop0, pop1, dt)


def exp_tile_and_mask_tile_to_cb(icb, maskcb, ocb, dt, itile=0, mtile=0, pop=1, popm=1, dst=0, dst_mask=1):
    """exp_tile_and_mask_tile_to_cb: tile itile of icb into Dst `dst` (icb popped right away), exp_tile<false> on it,
    tile mtile of maskcb into Dst `dst_mask`, mask_tile (where the mask is 0 the exp becomes 0.0); maskcb popped after
    tile_regs_commit, the result packed into ocb."""
    cb_reserve_back(ocb, 1)
    cb_wait_front(icb, itile + 1)
    cb_wait_front(maskcb, mtile + 1)
    tile_regs_acquire()
    copy_tile_init_with_dt(icb, dt)
    copy_tile(icb, itile, dst)
    if pop:
        cb_pop_front(icb, pop)
    exp_tile_init(approx=False, version=_FORK)
    exp_tile(dst, approx=False, version=_FORK)
    copy_tile_init_with_dt(maskcb, dt)
    copy_tile(maskcb, mtile, dst_mask)
    mask_tile_init()
    mask_tile(dst, dst_mask)
    tile_regs_commit()
    if popm:
        cb_pop_front(maskcb, popm)
    tile_regs_wait()
    pack_tile_with_dt(dst, ocb, dt)
    tile_regs_release()
    cb_push_back(ocb, 1)


def add_tiles_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    """add_tiles_to_cb as the hardware runs it when ocb is also icb0 and holds a single page (the large kernels'
    running sum, c_26 of one tile: add_tiles_to_cb(cb_add, cb_exps, cb_add)). In a compute kernel cb_reserve_back is
    the pack thread's and cb_pop_front the unpack thread's (api/compute/cb_api.h: PACK(llk_wait_for_free_tiles),
    UNPACK(llk_pop_tiles)): the packer waits in cb_reserve_back(ocb) while the unpacker reads both tiles and pops
    them, which frees the page. tensix runs the three threads as one execution (tensix.kernel.compute), where the
    C++ order (reserve first, pops last) would wait for itself, so the steps are issued in the order the hardware
    completes them: the unpack-side waits, the add, the pops, then the pack-side reserve, pack and push. Each call
    still lands on its own thread's clock, so the times are those of the C++ order (the reserve waits for the
    pop)."""
    for cb, tile in ((icb0, itile0), (icb1, itile1)):
        cb_wait_front(cb, tile + 1)
    tile_regs_acquire()
    if dt:
        reconfig_data_format(icb0, icb1)
    add_tiles_init(icb0, icb1)
    add_tiles(icb0, icb1, itile0, itile1, 0)
    tile_regs_commit()
    if pop0:
        cb_pop_front(icb0, pop0)
    if pop1:
        cb_pop_front(icb1, pop1)
    cb_reserve_back(ocb, 1)
    tile_regs_wait()
    pack_tile_with_dt(0, ocb, dt)
    tile_regs_release()
    cb_push_back(ocb, 1)


def generate_mask_w(cb_mask, mask_w, fp32):
    """generate_mask_w<uint32_t (fp32) / uint16_t>(cb_mask, mask_w): one tile whose columns left of mask_w hold 1.0,
    the rest 0.0, written face by face (columns 0-15 in faces 0 and 2, columns 16-31 in faces 1 and 3) as the float's
    32 bits or its upper 16 (bfloat16)."""
    cb_reserve_back(cb_mask, 1)
    one = np.float32(1.0).view(np.uint32)
    if fp32:
        dtype, one_v = np.uint32, one
    else:
        dtype, one_v = np.uint16, np.uint16(one >> 16)
    faces = l1_ptr(get_write_ptr(cb_mask), dtype, 1024).reshape(4, 16, 16)
    left = min(mask_w, 16)
    right = 0 if mask_w < 16 else mask_w - 16
    for face, active in ((0, left), (1, right), (2, left), (3, right)):
        faces[face, :, :active] = one_v
        faces[face, :, active:] = 0
    cb_push_back(cb_mask, 1)
