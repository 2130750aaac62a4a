"""Step 1, baseline (seed 000, "Profiling & Base Optimization"; seed: 44 us for 4 tile pairs).

``rope_tile(pos, D_active, vec_offset)`` runs ``rope_face`` on the 4 faces, advancing the Dst counter by a face
(8 dst_reg rows; the seed's two ``SETRWC(CR_D, 8)``) after each. ``rope_face`` computes ``inv_d = 1.f/D_active``
itself -- a soft-float division on the RISC-V for every face of every tile -- and, for each of its 8 row
groups, the frequency (exp_24f), the angle, sin and cos by ``vector_sin`` and the rotation of the pair
(dst_reg[i], dst_reg[i + 32]) = (tile 0, tile 1): a Wormhole Dst tile is 32 dst_reg rows, 8 per face, and lane L
of a row holds column ``(vConstTileId & 15) + h = 2*(L%8) + h`` of the face (facts sheet section 2; ISA
LReg.md for vConstTileId). The division is soft-float on the RISC-V (no FPU: facts sheet section 4), charged
per call by tensix (costs.json ``riscv.softfloat_div``, an estimate)."""

from __future__ import annotations

from tensix.kernel import (CBIndex, MATH, get_arg_val, init_sfpu)
from tensix.sfpi import dst_reg, int32_to_float, sfpi_inline, vConstTileId, vInt
from tensix.sfpi.lib import exp_24f

from .common import LN_BASE, PI_2, sfpu_call, vector_sin, tile_pair_in_dst

NAME = "baseline"
SEED = "44 us: 1/D_active computed inside rope_face (soft-float division per face)"
SEED_US = 44.0
PER_ROW, FULL_SYNC, BATCH = False, False, 1


@sfpi_inline
def rope_face(pos, D_active, vec_offset):
    inv_d = 1.0 / D_active  # soft-float division on the RISC-V, every call
    for i in range(8):
        block_lane_id = int32_to_float((vConstTileId & 15) + (vec_offset + i % 2), 0)
        exponent = 2.0 * block_lane_id * inv_d
        term_to_exp = -exponent * LN_BASE
        freq = exp_24f(term_to_exp, "seed")
        angle = int32_to_float(vInt(pos), 0) * freq
        sin_value = vector_sin(angle)
        cos_value = vector_sin(PI_2 - angle)
        x = dst_reg[i]
        y = dst_reg[i + 32]
        dst_reg[i] = x * cos_value - y * sin_value
        dst_reg[i + 32] = x * sin_value + y * cos_value


def rope_tile(pos, D_active, vec_offset):
    for face in range(4):
        rope_face(pos, D_active, vec_offset + (0 if face % 2 == 0 else 16))
        dst_reg += 8  # the seed's two SETRWC(CR_D, 8): next face


def compute():
    n_rows, p0, n_pairs = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    wta, pos = get_arg_val(4), get_arg_val(5)
    init_sfpu(CBIndex.c_0, CBIndex.c_16)
    for _ in range(n_rows):
        for j in range(p0, p0 + n_pairs):
            with tile_pair_in_dst():  # wait, acquire, copy the pair to Dst 0/1 ... pack, release, pop
                MATH(sfpu_call(rope_tile, 0, pos, wta * 32, j * 32))
