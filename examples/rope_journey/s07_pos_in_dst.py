"""Step 7, positions kept in Dst (seed 000, "Optimization: Abusing Dst as data storage"; seed: 22.6 us).

``rope_tile_precompute_pos`` converts the 32 positions once into 8 vectors in Dst tile 2 (dst_reg[64 + r] =
tile rows 4r..4r+3; float32 with fp32_dest_acc_en, since 16-bit Dst would round positions: facts sheet
section 2); rope_face reads them back (one SFPLOAD) instead of running
load_into_row, and addresses its face with explicit offsets (``face * 8``) instead of advancing the Dst counter.

The seed precomputes only on the first two acquires of a tile row (one per Dst half) and relies on tile 2
surviving the packer's release. It does not on Wormhole: ``tile_regs_release`` ends with the packer's
``ZEROACC`` of the released half, after which an SFPLOAD of those rows is undefined behaviour (ISA
ZEROACC.md); tensix models the cleared half as zeros (tensix/kernel/compute.py), so that form rotates pairs 3
and 4 of each row by position 0. With ``precompute_every_acquire`` (the default, runtime arg 7) the positions
are recomputed on every acquire, which is correct; ``precompute_every_acquire=False`` runs the seed's form."""

from __future__ import annotations

import numpy as np

from tensix.kernel import (CBIndex, MATH, cb_get_tile, cb_pop_front, cb_wait_front, get_arg_val, init_sfpu, l1_ptr)
from tensix.sfpi import (dst_reg, int32_to_float, sfpi_inline, vConstFloatPrgm0, vConstFloatPrgm1,
                         vConstFloatPrgm2, vConstTileId, vFloat)
from tensix.sfpi.lib import exp_24f, vector_sin_phase

from .common import hoisted_division, load_into_row, sfpu_call, tile_pair_in_dst
from .s05_prgm_constants import rope_tile_init

NAME = "positions kept in Dst"
SEED = "22.6 us: positions precomputed into Dst tile 2"
SEED_US = 22.6
PER_ROW, FULL_SYNC, BATCH = True, False, 1
POS = 64  # dst_reg index of Dst tile 2


def rope_tile_precompute_pos(*pos):
    for i in range(8):
        dst_reg[POS + i] = int32_to_float(load_into_row(*pos[4 * i:4 * i + 4]), 0)


@sfpi_inline
def rope_face(vec_offset, face_idx):
    face_row = face_idx // 2
    dst_offset = face_idx * 8
    for h in range(2):
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + h), 0)
        exponent = block_lane_id * vConstFloatPrgm2
        term_to_exp = -exponent * vConstFloatPrgm0 - vConstFloatPrgm1
        freq = exp_24f(term_to_exp, "seed")
        for i in range(4):
            vpos = vFloat(dst_reg[POS + face_row * 4 + i])
            angle_phase = vpos * freq
            sin_value = vector_sin_phase(angle_phase)
            cos_value = vector_sin_phase(0.5 - angle_phase)
            idx = dst_offset + i * 2 + h
            x = dst_reg[idx]
            y = dst_reg[idx + 32]
            dst_reg[idx] = x * cos_value - y * sin_value
            dst_reg[idx + 32] = x * sin_value + y * cos_value


def rope_tile(vec_offset):
    for face in range(4):
        rope_face(vec_offset + (0 if face % 2 == 0 else 16), face)


def compute():
    n_rows, p0, n_pairs, wta = get_arg_val(0), get_arg_val(1), get_arg_val(2), get_arg_val(4)
    every = get_arg_val(7)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    inv_d = None
    for _ in range(n_rows):
        cb_wait_front(CBIndex.c_1, 1)
        idxs = [int(v) for v in l1_ptr(cb_get_tile(CBIndex.c_1, 0) + 16, np.int32, 32)]  # seed: idxs += 4
        for j in range(p0, p0 + n_pairs):
            with tile_pair_in_dst():  # wait, acquire, copy the pair to Dst 0/1 ... pack, release, pop
                if inv_d is None:
                    inv_d = hoisted_division(wta * 16)
                    MATH(sfpu_call(rope_tile_init, 0, inv_d))
                if every or j - p0 < 2:  # seed: `if (j < 2)`, one precompute per Dst half
                    MATH(sfpu_call(rope_tile_precompute_pos, 0, *idxs))
                MATH(sfpu_call(rope_tile, 0, j * 32))
        cb_pop_front(CBIndex.c_1, 1)
