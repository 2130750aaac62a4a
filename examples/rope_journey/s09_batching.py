"""Step 9, batching: several tile pairs per Dst acquire (issue 4's reading of seed 000's "Support for batching",
whose text ends before any figure).

With fp32 Dst, half-sync Dst holds 4 tiles (one pair plus the scratch tile), so this step switches to
``dst_full_sync_en`` (8 fp32 tiles; facts sheet section 2, tensix/kernel/compute.py) and processes ``batch`` = 2 pairs per acquire:
pair b in Dst tiles 2b, 2b+1, the scratch in tile 2*batch (positions at +0..7, pair b's frequencies at
+8+4b..). The positions are converted once per acquire for both pairs. Trade-off: full sync has one Dst
buffer, so unpack/pack no longer overlap the SFPU work of the other half."""

from __future__ import annotations

import numpy as np

from tensix.kernel import (CBIndex, MATH, cb_get_tile, cb_pop_front, cb_push_back, cb_reserve_back,
                           cb_wait_front, copy_tile, copy_tile_init, get_arg_val, init_sfpu, l1_ptr,
                           pack_reconfig_data_format, pack_tile, tile_regs_acquire, tile_regs_commit,
                           tile_regs_release, tile_regs_wait)
from tensix.sfpi import (dst_reg, int32_to_float, sfpi_inline, vConstFloatPrgm0, vConstFloatPrgm1,
                         vConstFloatPrgm2, vConstTileId, vFloat)
from tensix.sfpi.lib import exp_24f, vector_sin_phase

from .common import hoisted_division, load_into_row, sfpu_call
from .s05_prgm_constants import rope_tile_init

NAME = "batching (2 pairs per acquire)"
SEED = "no figure in the seed"
SEED_US = None
PER_ROW, FULL_SYNC, BATCH = True, True, 2


@sfpi_inline
def rope_pair(base, scratch, vec_offset, b):
    """Pair b: tiles at dst_reg[base], dst_reg[base + 32]; its frequencies at scratch + 8 + 4b."""
    freq_at = scratch + 8 + 4 * b
    for i in range(4):
        internal_offset = 0 if i // 2 == 0 else 16
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + internal_offset + i % 2), 0)
        exponent = block_lane_id * vConstFloatPrgm2
        term_to_exp = -exponent * vConstFloatPrgm0 - vConstFloatPrgm1
        dst_reg[freq_at + i] = exp_24f(term_to_exp, "seed")
    for face in range(4):
        face_row, face_col = face // 2, face % 2
        for h in range(2):
            freq = vFloat(dst_reg[freq_at + face_col * 2 + h])
            for i in range(4):
                vpos = vFloat(dst_reg[scratch + face_row * 4 + i])
                angle_phase = vpos * freq
                sin_value = vector_sin_phase(angle_phase)
                cos_value = vector_sin_phase(0.5 - angle_phase)
                idx = base + face * 8 + i * 2 + h
                x = dst_reg[idx]
                y = dst_reg[idx + 32]
                dst_reg[idx] = x * cos_value - y * sin_value
                dst_reg[idx + 32] = x * sin_value + y * cos_value


def rope_batch(nb, vec_offset, *pos):
    nb = int(nb)  # compile-time (a template parameter): Dst addresses depend on it
    scratch = 64 * nb  # Dst tile 2*nb
    for i in range(8):
        dst_reg[scratch + i] = int32_to_float(load_into_row(*pos[4 * i:4 * i + 4]), 0)
    for b in range(nb):
        rope_pair(64 * b, scratch, vec_offset + 32 * b, b)


def compute():
    n_rows, p0, n_pairs, batch, wta = (get_arg_val(i) for i in range(5))
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    inv_d = None
    for _ in range(n_rows):
        cb_wait_front(CBIndex.c_1, 1)
        idxs = [int(v) for v in l1_ptr(cb_get_tile(CBIndex.c_1, 0) + 16, np.int32, 32)]  # seed: idxs += 4
        for j in range(p0, p0 + n_pairs, batch):
            cb_wait_front(CBIndex.c_0, 2 * batch)
            tile_regs_acquire()
            copy_tile_init(CBIndex.c_0)
            for t in range(2 * batch):
                copy_tile(CBIndex.c_0, t, t)
            if inv_d is None:
                inv_d = hoisted_division(wta * 16)
                MATH(sfpu_call(rope_tile_init, 0, inv_d))
            MATH(sfpu_call(rope_batch, 0, batch, j * 32, *idxs))
            tile_regs_commit()
            tile_regs_wait()
            cb_reserve_back(CBIndex.c_16, 2 * batch)
            pack_reconfig_data_format(CBIndex.c_16)
            for t in range(2 * batch):
                pack_tile(t, CBIndex.c_16, t)
            tile_regs_release()
            cb_push_back(CBIndex.c_16, 2 * batch)
            cb_pop_front(CBIndex.c_0, 2 * batch)
        cb_pop_front(CBIndex.c_1, 1)
