"""Kernel-side helpers of the matmul kernels: what tt-metal 622c6fb9's kernels use and tensix.kernel spells
differently, written from tt-metal's sources.

- Named compile-time args (``get_named_compile_time_arg_val(name)``): tensix's host API has none, so the factories
  pass them in the ``NAMED`` define (a dict), and the C++ ``#ifdef``s as ``DEFINES`` (a dict of tt-metal's defines:
  FUSE_BIAS, PACKER_L1_ACC, ...).
- The experimental ``Semaphore<>`` / ``Noc`` object calls of the readers, as the classic dataflow API they wrap
  (tt_metal/hw/inc/api/dataflow/noc_semaphore.h): ``sem_set`` (Semaphore::set, a local store), ``sem_wait``
  (Semaphore::wait: noc_semaphore_wait), ``sem_up`` (Semaphore::up: noc_semaphore_inc on another core's copy),
  ``sem_set_multicast`` (Semaphore::set_multicast: noc_semaphore_set_multicast of the local value) and
  ``write_multicast`` (Noc::async_write_multicast: noc_async_write_multicast to the same L1 address).
- ``pad_last_ktile(fmt, l1_addr, unpadded_w)`` / ``pad_last_transposed_ktile``: ttnn/cpp/ttnn/operations/
  kernel_helper_functions/pad_tile.hpp: zero the columns (rows) of a tile beyond the logical K, for Float32 and
  Float16_b tiles (the template does nothing for other formats), charging the RISC-V one store per datum.
- ``VALID`` / ``INVALID``: hostdevcommon/common_values.hpp (1 and 0).
"""

from __future__ import annotations

import enum

import numpy as np

from tensix.device.formats import DataFormat
from tensix.kernel import (get_noc_addr, get_noc_multicast_addr, get_semaphore, l1_ptr, noc_async_write_multicast,
                           noc_semaphore_inc, noc_semaphore_set, noc_semaphore_set_multicast, noc_semaphore_wait,
                           riscv_wait)

VALID = 1
INVALID = 0


def sem_set(sem_id, value):
    noc_semaphore_set(get_semaphore(sem_id), value)


def sem_wait(sem_id, value):
    """noc_semaphore_wait(get_semaphore(sem_id), value)."""
    noc_semaphore_wait(get_semaphore(sem_id), value)


def sem_up(sem_id, noc_x, noc_y, incr=1):
    noc_semaphore_inc(get_noc_addr(noc_x, noc_y, get_semaphore(sem_id)), incr)


def sem_set_multicast(sem_id, x0, y0, x1, y1, num_dests):
    addr = get_semaphore(sem_id)
    noc_semaphore_set_multicast(addr, get_noc_multicast_addr(x0, y0, x1, y1, addr), num_dests)


def write_multicast(l1_addr, size, x0, y0, x1, y1, num_dests):
    noc_async_write_multicast(l1_addr, get_noc_multicast_addr(x0, y0, x1, y1, l1_addr), size, num_dests,
                              linked=True)


def mcast_send(sender_sem, receiver_sem, l1_addr, size, x0, y0, x1, y1, num_dests, num_cores):
    """The sender's side of the readers' multicast handshake: wait until every receiver has reserved its CB space
    (incremented the sender semaphore to num_dests), reset it, multicast the block to the same L1 address of the
    rectangle's cores, then multicast the VALID receiver semaphore (same NoC and VC: it arrives after the data).
    The 1D programs multicast to a rectangle that holds the sender itself: a plain multicast does not write to its
    source and num_cores does not count it (tt-metal dataflow_api.h)."""
    sem_wait(sender_sem, num_dests)
    sem_set(sender_sem, 0)
    write_multicast(l1_addr, size, x0, y0, x1, y1, num_cores)
    sem_set_multicast(receiver_sem, x0, y0, x1, y1, num_cores)


def mcast_receive(cb_id, num_tiles, sender_sem, receiver_sem, sender_x, sender_y):
    """The receiver's side: reserve the block, mark the receiver semaphore INVALID, tell the sender (increment its
    semaphore), wait until it has multicast the block and set VALID, push the block."""
    from tensix.kernel import cb_push_back, cb_reserve_back
    cb_reserve_back(cb_id, num_tiles)
    sem_set(receiver_sem, INVALID)
    sem_up(sender_sem, sender_x, sender_y, 1)
    sem_wait(receiver_sem, VALID)
    cb_push_back(cb_id, num_tiles)


def _fill_pad(fmt, l1_addr, unpadded_w, unpadded_h):
    """fill_pad_tile<T, w, h>(addr, 0): zero the datums of each 16x16 face beyond column w / row h of the tile."""
    if fmt == DataFormat.Float32:
        dt, n = np.uint32, 1024
    elif fmt == DataFormat.Float16_b:
        dt, n = np.uint16, 1024
    else:
        return
    if unpadded_w >= 32 and unpadded_h >= 32:
        return
    faces = l1_ptr(l1_addr, dt, n).reshape(2, 2, 16, 16)     # [face row, face col, row, col] (face order)
    cols = np.arange(32).reshape(2, 16)                        # tile column of (face col, col)
    rows = np.arange(32).reshape(2, 16)
    zero_col = cols >= unpadded_w                              # (face col, col)
    zero_row = rows >= unpadded_h                              # (face row, row)
    mask = zero_row[:, None, :, None] | zero_col[None, :, None, :]
    faces[mask] = 0
    riscv_wait(int(mask.sum()))                                # one store per padded datum


def pad_last_ktile(fmt, l1_addr, in0_last_ktile_w):
    """pad_tile.hpp pad_last_ktile<fmt, w>: zero tile columns >= w (Float32 / Float16_b tiles only)."""
    _fill_pad(fmt, l1_addr, in0_last_ktile_w, 32)


def pad_last_transposed_ktile(fmt, l1_addr, in0_last_ktile_h):
    """pad_tile.hpp pad_last_transposed_ktile<fmt, h>: zero tile rows >= h (Float32 / Float16_b tiles only)."""
    _fill_pad(fmt, l1_addr, 32, in0_last_ktile_h)


def write_out_block(cb_out, s, tile_bytes, start_tile, n_sbh, n_sbw, last_row_block, last_col_block, sb_h, sb_w,
                    tile_count, last_sb_h, last_sb_w, addr_skip, w_skip, h_skip, stride_w, stride_h, next_sb_w,
                    next_sb_h, write):
    """The writer loop of reader_bmm_tile_layout_in1_{sender,receiver}_writer_padding.cpp for one output block: its
    nonzero subblocks from c_4 to the output (tiles of the last row / column block cut to last_sb_h / last_sb_w,
    the rest of the subblock skipped by addr_skip bytes), then the fully padded subblocks of the row (w_skip
    tiles) and of the block (h_skip tiles) popped unread. `write`: the block is inside the output at all."""
    from tensix.kernel import cb_pop_front, cb_wait_front, get_read_ptr, noc_async_write_barrier, noc_async_write_tile
    sbh_start = start_tile
    for sbh in range(n_sbh):
        sbw_start = sbh_start
        for sbw in range(n_sbw):
            row_start = sbw_start
            h_ = last_sb_h if (last_row_block and sbh == n_sbh - 1) else sb_h
            if last_col_block and sbw == n_sbw - 1:
                w_, skip = last_sb_w, addr_skip
            else:
                w_, skip = sb_w, 0
            cb_wait_front(cb_out, tile_count)
            l1 = get_read_ptr(cb_out)
            offset = 0
            for _ in range(h_):
                tile = row_start
                for _ in range(w_):
                    if write:
                        noc_async_write_tile(tile, s, l1 + offset)
                    offset += tile_bytes
                    tile += stride_w
                offset += skip
                row_start += stride_h
            noc_async_write_barrier()
            cb_pop_front(cb_out, tile_count)
            sbw_start += next_sb_w
        if last_col_block and w_skip:
            cb_wait_front(cb_out, w_skip)
            cb_pop_front(cb_out, w_skip)
        sbh_start += next_sb_h
    if last_row_block and h_skip:
        cb_wait_front(cb_out, h_skip)
        cb_pop_front(cb_out, h_skip)


# ---- the fused SFPU activation (bmm_fused_activation.hpp) -----------------------------------------------------------
class KernelActivation(enum.IntEnum):
    """ttnn/cpp/ttnn/operations/matmul/shared_with_host/activation_type.hpp."""
    NONE = 0
    GELU = 1
    TANH = 2
    SILU = 3
    RELU6 = 4
    SIGMOID = 5
    HARDSIGMOID = 6
    HARDTANH = 7
    SELU = 8
    SOFTPLUS = 9


# the activations whose SFPU kernels tensix has (tensix.kernel.sfpu_ops, and relu_max_tile for RELU6 in
# tensix.ttnn.kernels.eltwise.relu_sfpu)
MODELLED_ACTIVATIONS = (KernelActivation.GELU, KernelActivation.TANH, KernelActivation.SILU, KernelActivation.SIGMOID,
                        KernelActivation.HARDTANH, KernelActivation.RELU6)
_V = "622c6fb9"


class FusedActivation:
    """bmm_fused_activation.hpp's ActivationInitHelper / ActivationApplyHelper / apply_activation_from_pack for
    the named compile-time args activation_type and activation_param0..2: the *_tile_init_pack / *_tile_pack calls
    are the same SFPU code as *_tile_init / *_tile, run from the pack thread (tensix.kernel.compute._sfpu_from_pack).
    The factory refuses the types outside MODELLED_ACTIVATIONS."""

    def __init__(self, named: dict):
        self.act = KernelActivation(named["activation_type"])
        self.p0, self.p1, self.p2 = (named.get(f"activation_param{i}", 0) for i in range(3))

    def init(self):
        from tensix.kernel import sfpu_ops as ops
        a = self.act
        if a == KernelActivation.SILU:
            ops.silu_tile_init(version=_V)
        elif a == KernelActivation.TANH:
            ops.tanh_tile_init(version=_V, fast_and_approx=self.p0 != 0)
        elif a == KernelActivation.GELU:
            ops.gelu_tile_init(version=_V, fast_and_approx=self.p0 != 0)
        elif a == KernelActivation.SIGMOID:
            ops.sigmoid_tile_init(version=_V, fast_and_approx=self.p1 != 0)
        elif a == KernelActivation.HARDTANH:
            ops.hardtanh_tile_init(version=_V)
        elif a == KernelActivation.RELU6:
            self._relu_max()[0]()

    def _relu_max(self):
        """relu_max_tile_init / relu_max_tile(idst, max): PARAM0 the max's bits (0: 6.0)."""
        from tensix.ttnn.kernels.eltwise import relu_sfpu
        return relu_sfpu.init_and_func("relu_max", self.p0 if self.p0 != 0 else 0x40C00000)

    def apply(self, i):
        from tensix.kernel import sfpu_ops as ops
        a = self.act
        if a == KernelActivation.SILU:
            ops.silu_tile(i, version=_V)
        elif a == KernelActivation.TANH:
            ops.tanh_tile(i, version=_V, fast_and_approx=self.p0 != 0)
        elif a == KernelActivation.GELU:
            if self.p0 != 0:
                # tensix's fast gelu program (tensix.sfpi.llk gelu_program, SFPLUT tables in LReg0-2/4-6) leaves
                # the tables clobbered after a call, where tt-llk's calculate_gelu_appx writes them back (a second
                # gelu_tile after one init computes garbage on tensix): load them again before each tile, which
                # gives the numbers the hardware gives with the one init
                ops.gelu_tile_init(version=_V, fast_and_approx=True)
            ops.gelu_tile(i, version=_V, fast_and_approx=self.p0 != 0)
        elif a == KernelActivation.SIGMOID:
            mode = "R" if self.p0 == 1 else "C" if self.p0 == 2 else "RC"
            ops.sigmoid_tile(i, version=_V, vec_mode=mode, fast_and_approx=self.p1 != 0)
        elif a == KernelActivation.HARDTANH:
            ops.hardtanh_tile(i, self.p0, self.p1, version=_V)
        elif a == KernelActivation.RELU6:
            self._relu_max()[1](i)

    def apply_from_pack(self, n):
        """apply_activation_from_pack(out_subblock_num_tiles): the pack thread's SFPU over tiles 0..n-1."""
        from tensix.kernel.compute import _sfpu_from_pack
        _sfpu_from_pack(lambda: [self.apply(i) for i in range(n)])
