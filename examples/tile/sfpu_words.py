"""Seed 004, "the LLKs program the tile, then run on that programming": an SFPU op as the words RISC-V T1 pushes.

An SFPI function compiles to SFPU instructions whose 32-bit words `tensix.sfpi.listing` shows. tt-llk's unary
SFPU driver wraps them (llk_math_eltwise_unary_sfpu.h / llk_math_eltwise_sfpu_common.h / cmath_common.h, tt-metal
622c6fb9): the init programs ADDR_MOD_7 through SETC16 and clears the RWCs; the start points
DEST_TARGET_REG_CFG_MATH_Offset at the Dst tile and sets ADDR_MOD_SET_Base (so SFPI's AddrMod 3 means ADDR_MOD_7);
each face runs the body, then two SETRWC(CR_D, 8) move the Dst counter 16 rows. The tile runs the words on the
bit-exact SFPU, moves the RWCs as RWCs.md says, and keeps time per unit (Tile.profile)."""

import numpy as np

from tensix import sfpi
from tensix.sfpi import dst_reg, v_if
from tensix.sfpi.runner import compiled_for, words_with_inputs
from tensix.sfpu.dst import read_tiles32, write_tiles32
from tensix.tile import Tile, ops
from tensix.tile._tables import CONFIG_FIELDS, THREAD_CONFIG_FIELDS

TC = {n: v[0] for n, v in THREAD_CONFIG_FIELDS.items()}


def leaky_relu_face(slope):
    """One face: 8 iterations of two Dst rows (the body tt-llk's driver calls per face)."""
    for _ in range(8):
        x = dst_reg[0]
        with v_if(x < 0.0):
            x = x * slope
        dst_reg[0] = x
        dst_reg += 1


print(sfpi.listing(leaky_relu_face, 0.125).splitlines()[0])
body = words_with_inputs(compiled_for(leaky_relu_face, (0.125,)), (0.125,))

dst_index = 3
words = [ops.TT_OP_SFPCONFIG(0, 0xF, 1),                                  # _init_sfpu_config_reg
         ops.TT_OP_SETC16(TC["ADDR_MOD_AB_SEC7_SrcAIncr"], 0),            # addr_mod_t{}.set(ADDR_MOD_7)
         ops.TT_OP_SETC16(TC["ADDR_MOD_DST_SEC7_DestIncr"], 0),
         ops.TT_OP_SETC16(TC["ADDR_MOD_BIAS_SEC7_BiasIncr"], 0),
         ops.TT_OP_SETRWC(0, 0, 0, 0, 0, 0xF),                            # reset_counters(SET_ABD_F)
         ops.TT_OP_SETC16(TC["DEST_TARGET_REG_CFG_MATH_Offset"], dst_index << 6),
         ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], 1),
         ops.TT_OP_STALLWAIT(0x100, 0x80)]                                # STALL_SFPU, MATH
for _face in range(4):
    words += body + [ops.TT_OP_SETRWC(0, 4, 8, 0, 0, 4)] * 2              # inc_dst_addr<8>() twice
words += [ops.TT_OP_SETRWC(0, 0, 0, 0, 0, 4), ops.TT_OP_STALLWAIT(0x80, 0x4000),
          ops.TT_OP_SETC16(TC["ADDR_MOD_SET_Base"], 0)]

tile = Tile()
x = np.random.default_rng(0).standard_normal((8, 32, 32)).astype(np.float32)
write_tiles32(tile.dst, 0, x)
a, s, _ = CONFIG_FIELDS["ALU_ACC_CTRL_SFPU_Fp32_enabled"]
tile.config(0)[a] |= np.uint32(1 << s)                                    # fp32_dest_acc_en
tile.push(1, words)
tile.finish()
y = read_tiles32(tile.dst, 0, 8).view(np.float32)
expect = x.copy()
expect[dst_index] = np.where(x[dst_index] < 0, x[dst_index] * np.float32(0.125), x[dst_index])
assert np.array_equal(y, expect)
print(f"{len(words)} words on T1, Dst tile {dst_index} done, RWCs {tile.rwc(1)}")
p = tile.profile()
print(f"T1: {p['threads']['T1']['cycles']} cycles; units: "
      + ", ".join(f"{u} {v['instructions']} instructions" for u, v in p["units"].items()))
