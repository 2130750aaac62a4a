"""Seed 004, "Macro-Op Expander": one MOP instruction expands, through template 1, into a loop programmed in the
nine mop_cfg registers that RISC-V T0 writes at 0xFFB80000 (MOPExpander.md's functional model).

Two outer iterations of: StartOp, an inner loop alternating LoopOp / LoopOp1 three times, with the last slot
replaced by Loop1Last (or Loop0Last on the very last iteration), then EndOp0 and EndOp1. The instructions are
ThCon ones, so the expansion also runs: GPR 10 counts the inner-loop steps."""

from tensix.tile import Tile, isa, ops

MOP_CFG_BASE = 0xFFB80000
add = ops.TT_OP_ADDDMAREG(1, 10, 1, 10)       # GPR 10 += 1
add2 = ops.TT_OP_ADDDMAREG(1, 10, 2, 10)      # GPR 10 += 2
mark = ops.TT_OP_ADDDMAREG(1, 11, 1, 11)      # GPR 11 += 1 (start / end markers)
last1, last0 = ops.TT_OP_ADDDMAREG(1, 12, 1, 12), ops.TT_OP_ADDDMAREG(1, 13, 1, 13)
mop_cfg = [2, 3, mark, mark, ops.TT_OP_NOP, add, add2, last0, last1]
#          outer, inner, StartOp, EndOp0, EndOp1, LoopOp, LoopOp1, Loop0Last, Loop1Last

listing_tile = Tile(execute=False)
tile = Tile()
for t in (listing_tile, tile):
    for i, v in enumerate(mop_cfg):
        t.mmio_write("T0", MOP_CFG_BASE + 4 * i, v)
    t.push(0, [ops.TT_OP_MOP(1, 0, 0)])
issued = listing_tile.issued(0)
print(isa.listing(issued))
assert issued == ([mark] + [add, add2, add, add2, add] + [last1] + [mark]
                  + [mark] + [add, add2, add, add2, add] + [last0] + [mark])
tile.run()
g = tile.gpr(0)
print(f"GPR 10 = {g[10]}, GPR 11 = {g[11]}, Loop1Last ran {g[12]}x, Loop0Last ran {g[13]}x")
assert (g[10], g[11], g[12], g[13]) == (2 * (1 + 2 + 1 + 2 + 1), 4, 1, 1)
