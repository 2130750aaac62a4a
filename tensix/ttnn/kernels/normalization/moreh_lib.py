"""Helpers of the moreh kernels that ttnn's general softmax programs run, at tt-metal 622c6fb9.

Compute side (ttnn/cpp/ttnn/kernel/compute/moreh_common.hpp): the `*_with_dt` calls reconfigure the unpacker / packer
formats first when the kernel is built with FP32_DEST_ACC_EN (passed here as `dt`, since a helper module cannot see
the kernel's defines), and the `*_to_cb` steps (one tile in, one op, one tile packed out). Dataflow side (ttnn/cpp/ttnn/kernel/dataflow/moreh_common.hpp):
generate_mask_h."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.sfpu_lib import FORK as _FORK


def pack_tile_with_dt(ifrom_dst, icb, dt):
    if dt:
        pack_reconfig_data_format(icb)
    pack_tile(ifrom_dst, icb)


def copy_tile_init_with_dt(icb, dt, transpose=0):
    if dt:
        reconfig_data_format_srca(icb)
    copy_tile_to_dst_init_short(icb, transpose)


def sub_bcast_rows_init_short_with_dt(icb0, icb1, dt):
    """The ELWSUB / ROW broadcast binary init (moreh_common.hpp issues llk_math_eltwise_binary_init<ELWSUB, ROW, LoFi>
    and llk_unpack_AB_init<ROW> directly: a subtraction has no fidelity phases)."""
    if dt:
        reconfig_data_format(icb0, icb1)
    sub_bcast_rows_init_short(icb0, icb1)


def mul_bcast_rows_init_short_with_dt(icb0, icb1, dt):
    if dt:
        reconfig_data_format(icb0, icb1)
    mul_bcast_rows_init_short(icb0, icb1)


def _to_cb(ocb, inputs, compute, dt):
    """The shape of every moreh `*_to_cb` step: one page of ocb reserved (before the inputs are waited: ocb may be an
    input), each input (cb, tile, pop) waited up to its tile, `compute()` into Dst 0, Dst 0 packed into ocb, the inputs
    popped as asked, the page pushed."""
    cb_reserve_back(ocb, 1)
    for cb, tile, _pop in inputs:
        cb_wait_front(cb, tile + 1)
    tile_regs_acquire()
    compute()
    tile_regs_commit()
    tile_regs_wait()
    pack_tile_with_dt(0, ocb, dt)
    tile_regs_release()
    for cb, _tile, pop in inputs:
        if pop:
            cb_pop_front(cb, pop)
    cb_push_back(ocb, 1)


def _binary_to_cb(init, op, icb0, icb1, ocb, itile0, itile1, pop0, pop1, dt):
    """add_tiles_to_cb / sub_tiles_to_cb / mul_tiles_to_cb: tile itile0 of icb0 op tile itile1 of icb1 (the FPU)."""
    def compute():
        if dt:
            reconfig_data_format(icb0, icb1)
        init(icb0, icb1)
        op(icb0, icb1, itile0, itile1, 0)
    _to_cb(ocb, ((icb0, itile0, pop0), (icb1, itile1, pop1)), compute, dt)


def add_tiles_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    _binary_to_cb(add_tiles_init, add_tiles, icb0, icb1, ocb, itile0, itile1, pop0, pop1, dt)


def sub_tiles_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    _binary_to_cb(sub_tiles_init, sub_tiles, icb0, icb1, ocb, itile0, itile1, pop0, pop1, dt)


def mul_tiles_to_cb(icb0, icb1, ocb, dt, itile0=0, itile1=0, pop0=1, pop1=1):
    _binary_to_cb(mul_tiles_init, mul_tiles, icb0, icb1, ocb, itile0, itile1, pop0, pop1, dt)


def _unary_to_cb(sfpu, icb, ocb, itile, pop, dt):
    """copy_tile_to_cb / exp_tile_to_cb / recip_tile_to_cb: tile itile of icb into Dst 0, then the SFPU op (its init
    and call), if any."""
    def compute():
        copy_tile_init_with_dt(icb, dt)
        copy_tile(icb, itile, 0)
        if sfpu is not None:
            sfpu(0)
    _to_cb(ocb, ((icb, itile, pop),), compute, dt)


def copy_tile_to_cb(icb, ocb, dt, itile=0, pop=1):
    _unary_to_cb(None, icb, ocb, itile, pop, dt)


def exp_tile_to_cb(icb, ocb, dt, itile=0, pop=1):
    """exp_tile_init() / exp_tile(dst): the C++ defaults, exp_tile<approx = false> of the 622c6fb9 kernels."""
    def exp(idst):
        exp_tile_init(approx=False, version=_FORK)
        exp_tile(idst, approx=False, version=_FORK)
    _unary_to_cb(exp, icb, ocb, itile, pop, dt)


def recip_tile_to_cb(icb, ocb, dt, itile=0, pop=1):
    def recip(idst):
        recip_tile_init(version=_FORK)
        recip_tile(idst, version=_FORK)
    _unary_to_cb(recip, icb, ocb, itile, pop, dt)


def mask_tile_to_cb(icb, maskcb, ocb, itile, mtile, pop, popm, dt):
    """mask_tile_to_cb(icb, maskcb, ocb, itile, mtile, pop, popm): tile itile of icb into Dst 0, tile mtile of maskcb
    into Dst 1, mask_tile (rows where the mask is zero become 0.0)."""
    def compute():
        copy_tile_init_with_dt(icb, dt)
        copy_tile(icb, itile, 0)
        copy_tile_init_with_dt(maskcb, dt)
        copy_tile(maskcb, mtile, 1)
        mask_tile_init()
        mask_tile(0, 1)
    _to_cb(ocb, ((icb, itile, pop), (maskcb, mtile, popm)), compute, dt)


def generate_mask_h(cb_mask, mask_h, fp32):
    """generate_mask_h<uint32_t (fp32) / uint16_t>(cb_mask, mask_h): one tile whose rows below mask_h hold 1.0, the
    rest 0.0, written face by face (rows 0-15 in faces 0 and 1, rows 16-31 in faces 2 and 3) as the float's 32 bits
    or its upper 16 (bfloat16)."""
    cb_reserve_back(cb_mask, 1)
    one = np.float32(1.0).view(np.uint32)
    if fp32:
        dtype, one_v = np.uint32, one
    else:
        dtype, one_v = np.uint16, np.uint16(one >> 16)
    faces = l1_ptr(get_write_ptr(cb_mask), dtype, 1024).reshape(4, 16, 16)
    top = min(mask_h, 16)
    bottom = 0 if mask_h < 16 else mask_h - 16
    for face, active in ((0, top), (1, top), (2, bottom), (3, bottom)):
        faces[face, :active, :] = one_v
        faces[face, active:, :] = 0
    cb_push_back(cb_mask, 1)
