"""The per-thread frontend of the Tensix coprocessor: the MOP Expander, then the Replay Expander.

Semantics: tt-isa-documentation 39304719 WormholeB0/TensixTile/TensixCoprocessor/MOPExpander.md (templates 0
and 1 exactly as its functional model, MopCfg[9], MaskHi per thread), MOP.md, MOP_CFG.md, REPLAY.md (32-entry
buffer, Load / Exec / playback, index wrap, Count 0 = 64). Both are modelled as eager transforms of the
instruction stream: a MOP is expanded when it arrives, with the MopCfg values of that moment (the functional
model samples them at the start of the expansion; MOPExpander.md asks software not to change them while an
expansion runs). The Replay Expander keeps its recording state across pushes.

Field layouts are the ISA pages' (Diagrams/Src/Bits32.lua): MOP Template 23, Count1 22:16, MaskLo 15:0;
MOP_CFG MaskHi 15:0; REPLAY Index 18:14, Count 9:4, Exec 1, Load 0. ckernel_ops.h gives MOP_CFG 24 bits and
REPLAY wider fields (len 13:4, execute_while_loading 3:1, start_idx 23:14); bits the ISA leaves blank are not
modelled (NotModelledError), never silently used or dropped.
"""

from tensix.errors import NotModelledError
from tensix.tile import isa

MOP, MOP_CFG, NOP, REPLAY = 0x01, 0x03, 0x02, 0x04
AFTER_NONE, AFTER_MOP, AFTER_PENALTY = 0, 1, 2
_PAGES = "tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor"


def _blank_bits(word, mask, name, thread):
    raise NotModelledError(
        f"T{thread}: word 0x{word:08X} ({isa.disassemble(word)}) sets bits 0x{word & mask:06X} that "
        f"{_PAGES}/{name}.md leaves blank (ckernel_ops.h assigns them to a wider field); what the hardware does "
        "with them is not documented, so tensix does not guess. Fix: keep the operands within the ISA's fields.")


class MopExpander:
    """One thread's MOP Expander: `MopCfg` (9 x uint32, the RISC-V view at 0xFFB80000) and MaskHi."""

    __slots__ = ("thread", "cfg", "mask_hi", "after_mop", "_last")

    def __init__(self, thread):
        self.thread = thread
        self.cfg = [0] * 9
        self.mask_hi = 0
        self.after_mop = AFTER_NONE  # where the last MOP's transition stands (for the time model)
        self._last = -1  # index in this push's output of the last word the last MOP emitted

    def expand(self, words, out, transitions=None):
        """Append to `out` what the expander emits for `words` (MOP / MOP_CFG consumed, the rest passed).

        `transitions`, if given, receives (last, next) index pairs into `out`: `last` is the last word a MOP
        emitted, `next` the first word emitted after it when the instruction after the MOP was not a MOP: the
        word that comes one cycle late (MOPExpander.md: "After expanding a MOP instruction, if the next
        instruction is not a MOP instruction, there is a one cycle transition penalty"). A pair may span pushes:
        (last, None) when the push ends after the MOP, then (-1, next) in the push that brings the next word."""
        for w in words:
            op = w >> 24
            if op == MOP:
                self.after_mop = AFTER_NONE
                before = len(out)
                if w >> 23 & 1 == 0:
                    self._template0((self.mask_hi << 16) | (w & 0xFFFF), (w >> 16) & 0x7F, out)
                else:
                    self._template1(out)
                if len(out) > before:
                    self.after_mop, self._last = AFTER_MOP, len(out) - 1
                continue
            if self.after_mop == AFTER_MOP:
                self.after_mop = AFTER_PENALTY  # the next instruction is not a MOP: the transition cycle
            if op == MOP_CFG:
                if w & 0xFF0000:
                    _blank_bits(w, 0xFF0000, "MOP_CFG", self.thread)
                self.mask_hi = w & 0xFFFF
                continue
            if self.after_mop == AFTER_PENALTY:
                self.after_mop = AFTER_NONE
                if transitions is not None:
                    transitions.append((self._last, len(out)))
            out.append(w)
        if self.after_mop == AFTER_MOP and transitions is not None:
            transitions.append((self._last, None))  # the next instruction comes with a later push
        self._last = -1  # indices into `out` do not outlive this push

    def _template0(self, mask, count1, out):
        cfg = self.cfg
        flags, insn_b, a0, a1, a2, a3, skip_a0, skip_b = cfg[1], cfg[2], cfg[3], cfg[4], cfg[5], cfg[6], cfg[7], cfg[8]
        has_b, has_a123 = flags & 1, flags & 2
        taken = [a0, a1, a2, a3] if has_a123 else [a0]
        if has_b:
            taken.append(insn_b)
        skipped = [skip_a0, skip_b] if has_b else [skip_a0]
        for _ in range(count1 + 1):
            out.extend(skipped if mask & 1 else taken)
            mask >>= 1

    def _template1(self, out):
        cfg = self.cfg
        outer, inner = cfg[0] & 127, cfg[1] & 127
        start, end0, end1, loop_op, loop_op1, loop0_last, loop1_last = cfg[2:9]
        if loop_op1 >> 24 == NOP:
            flip = 0
        else:
            flip = loop_op ^ loop_op1
            inner *= 2
        start_nop, end0_nop, end1_nop = start >> 24 == NOP, end0 >> 24 == NOP, end1 >> 24 == NOP
        if outer == 1 and start_nop and inner == 0 and not end0_nop:
            outer += 128  # the hardware bug MOPExpander.md documents
        # LoopOp flips once per inner iteration and InnerCount is even whenever it flips, so every outer
        # iteration emits the same body; only the last inner slot differs (Loop1Last, then Loop0Last at the end)
        head = [] if start_nop else [start]
        body = [loop_op, loop_op ^ flip] * (inner // 2) + [loop_op] * (inner % 2)
        tail = [] if end0_nop else ([end0] if end1_nop else [end0, end1])
        if outer == 0:
            return
        if inner:
            out.extend((head + body[:-1] + [loop1_last] + tail) * (outer - 1))
            out.extend(head + body[:-1] + [loop0_last] + tail)
        else:
            out.extend((head + tail) * outer)


class ReplayExpander:
    """One thread's Replay Expander: a 32-entry buffer and the state of a Load in progress."""

    __slots__ = ("thread", "buffer", "load_left", "load_index", "load_exec", "single_last")

    def __init__(self, thread):
        self.thread = thread
        self.buffer = [0] * 32
        self.load_left = 0  # instructions still to record
        self.load_index = 0
        self.load_exec = False
        self.single_last = False  # the last MOP's last word came out of here as one instruction (time model)

    def expand(self, words, out):
        """Append to `out` what the expander emits for `words`."""
        buf = self.buffer
        for w in words:
            if self.load_left:
                buf[self.load_index % 32] = w  # recorded verbatim, a REPLAY included
                self.load_index += 1
                self.load_left -= 1
                if self.load_exec:
                    out.append(w)
            elif w >> 24 == REPLAY:
                if w & 0xF8_3C0C:
                    _blank_bits(w, 0xF83C0C, "REPLAY", self.thread)
                index, count = (w >> 14) & 31, ((w >> 4) & 63) or 64
                if w & 1:
                    self.load_left, self.load_index, self.load_exec = count, index, bool(w & 2)
                else:
                    out.extend(buf[(index + i) % 32] for i in range(count))
            else:
                out.append(w)

    def expand_tracked(self, words, out, transitions):
        """expand(), and the indices into `out` of the words that pass the Wait Gate one cycle late because of a
        MOP transition (MopExpander.expand's pairs). The penalty is hidden when the MOP's last word expands here
        into two or more words (a REPLAY: MOPExpander.md's advice), since those keep the backend fed; it shows
        when that word comes out as one instruction and the word after the MOP comes out at all."""
        late, pos = [], 0
        for last, nxt in transitions:
            if last >= 0:
                self.expand(words[pos:last], out)
                before = len(out)
                self.expand(words[last:last + 1], out)
                self.single_last = len(out) - before == 1
                pos = last + 1
            if nxt is None:
                continue
            self.expand(words[pos:nxt], out)
            before = len(out)
            self.expand(words[nxt:nxt + 1], out)
            if self.single_last and len(out) > before and nxt == pos:
                late.append(before)
            self.single_last = False
            pos = nxt + 1
        self.expand(words[pos:], out)
        return late

    @property
    def recording(self):
        return self.load_left > 0
