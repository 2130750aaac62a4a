"""A second implementation of parts of the Tensix tile, written from tt-isa-documentation 39304719's
functional models alone (WormholeB0/TensixTile/TensixCoprocessor: MOPExpander.md, REPLAY.md, ScalarUnit
pages), as literally as Python allows: generators for the expanders, plain ints and bytearrays for ThCon.
Used only by the differential tests; it shares no code with tensix.tile."""

NOP_OPCODE, MOP_OPCODE, MOP_CFG_OPCODE, REPLAY_OPCODE = 0x02, 0x01, 0x03, 0x04


def field(word, lsb, width):
    return (word >> lsb) & ((1 << width) - 1)


def mop_expander(instructions, mop_cfg):
    """MOPExpander.md's MOPExpander(MopCfg), over a finite stream."""
    mask_hi = 0
    for insn in instructions:
        opcode = insn >> 24
        if opcode == MOP_CFG_OPCODE:
            mask_hi = field(insn, 0, 16)
        elif opcode == MOP_OPCODE:
            if field(insn, 23, 1) == 0:
                yield from expand_template0((mask_hi << 16) + field(insn, 0, 16), field(insn, 16, 7), mop_cfg)
            else:
                yield from expand_template1(mop_cfg)
        else:
            yield insn


def expand_template0(mask, count1, cfg):
    flags, insn_b, insn_a0, insn_a1, insn_a2, insn_a3, skip_a0, skip_b = cfg[1:9]
    has_b, has_a123 = flags & 1, flags & 2
    for _ in range(count1 + 1):
        if (mask & 1) == 0:
            yield insn_a0
            if has_a123:
                yield insn_a1
                yield insn_a2
                yield insn_a3
            if has_b:
                yield insn_b
        else:
            yield skip_a0
            if has_b:
                yield skip_b
        mask >>= 1


def is_nop(insn):
    return insn >> 24 == NOP_OPCODE


def expand_template1(cfg):
    outer_count, inner_count = cfg[0] & 127, cfg[1] & 127
    start_op, end_op0, end_op1, loop_op, loop_op1, loop0_last, loop1_last = cfg[2:9]
    if is_nop(loop_op1):
        loop_op_flip = 0
    else:
        loop_op_flip = loop_op ^ loop_op1
        inner_count *= 2
    if outer_count == 1 and is_nop(start_op) and inner_count == 0 and not is_nop(end_op0):
        outer_count += 128
    for j in range(outer_count):
        if not is_nop(start_op):
            yield start_op
        for i in range(inner_count):
            if i != inner_count - 1:
                yield loop_op
            elif j != outer_count - 1:
                yield loop1_last
            else:
                yield loop0_last
            loop_op ^= loop_op_flip
        if not is_nop(end_op0):
            yield end_op0
            if not is_nop(end_op1):
                yield end_op1


def replay_expander(instructions):
    """REPLAY.md's ReplayExpander(), over a finite stream (a Load cut short by the end of the stream stops)."""
    buffer = [0] * 32
    stream = iter(instructions)
    for insn in stream:
        if insn >> 24 != REPLAY_OPCODE:
            yield insn
        elif field(insn, 0, 1):
            index, execute = field(insn, 14, 5), field(insn, 1, 1)
            for i in range(field(insn, 4, 6) or 64):
                nxt = next(stream, None)
                if nxt is None:
                    return
                buffer[(index + i) % 32] = nxt
                if execute:
                    yield nxt
        else:
            index = field(insn, 14, 5)
            for i in range(field(insn, 4, 6) or 64):
                yield buffer[(index + i) % 32]


class ThCon:
    """GPRs and L1 of one thread, Config and its ThreadConfig, and the functional models of the Scalar Unit and
    Configuration Unit instructions (uint32 arithmetic). execute() returns False where the instruction would
    wait (a failing ATCAS, a full / empty FIFO for ATINCGETPTR)."""

    def __init__(self, l1_bytes=1464 * 1024):
        self.gprs = [0] * 64
        self.l1 = bytearray(l1_bytes)
        self.config = [[0] * 188, [0] * 188]  # BackendConfiguration.md: Config[2][CFG_STATE_SIZE * 4]
        self.thread_config = [0] * 57

    def state_id(self):
        return self.thread_config[0] & 1  # CFG_STATE_ID_StateID: ADDR32 0, SHAMT 0, MASK 1

    def write_config(self, index, value, rmw=False):
        """Config[StateID][index] = value with BackendConfiguration.md's special cases."""
        copies = (0, 1) if index >= 152 else (self.state_id(),)  # GLOBAL_CFGREG_BASE_ADDR32
        for c in copies:
            self.config[c][index] = value
            if index == 4 and not rmw:  # STATE_RESET_EN_ADDR32
                for j in range(152):
                    self.config[c][j] = 0

    def half(self, half_reg):
        return (self.gprs[half_reg // 2] >> (16 * (half_reg % 2))) & 0xFFFF

    def set_half(self, half_reg, value):
        reg, sh = half_reg // 2, 16 * (half_reg % 2)
        self.gprs[reg] = (self.gprs[reg] & ~(0xFFFF << sh) & 0xFFFFFFFF) | ((value & 0xFFFF) << sh)

    def word(self, addr):
        return int.from_bytes(self.l1[addr:addr + 4], "little")

    def execute(self, insn):
        op, g = insn >> 24, self.gprs
        left = g[field(insn, 0, 6)]
        right = field(insn, 6, 6) if field(insn, 23, 1) else g[field(insn, 6, 6)]
        result = field(insn, 12, 6)
        mode = field(insn, 18, 3)
        if op == 0x45:  # SETDMAREG immediate
            self.set_half(field(insn, 0, 7), field(insn, 8, 16))
        elif op == 0x58:
            g[result] = (left + right) % 2**32
        elif op == 0x59:
            g[result] = (left - right) % 2**32
        elif op == 0x5A:
            g[result] = (left % 65536) * (right % 65536)
        elif op == 0x5B:
            g[result] = [left & right, left | right, left ^ right][mode]
        elif op == 0x5D:
            g[result] = 1 if [left > right, left < right, left == right][mode] else 0
        elif op == 0x5C:
            amount = field(insn, 6, 5) if field(insn, 23, 1) else g[field(insn, 6, 6)] % 32
            g[result] = (left << amount) % 2**32 if mode == 0 else left >> amount
        elif op in (0x49, 0x66):  # LOADIND, STOREIND to L1
            size = field(insn, 22, 2) if op == 0x49 else field(insn, 21, 2)
            reg = field(insn, 6, 6) & (0x3F if size else 0x3C)
            half_reg = field(insn, 14, 7)
            offset = self.half(half_reg)
            addr = (g[field(insn, 0, 6)] * 16 + offset) % 2**32
            assert addr < len(self.l1)
            self.set_half(half_reg, offset + [0, 2, 4, 16][field(insn, 12, 2)])
            nbytes = [16, 4, 2, 1][size]
            addr &= ~(nbytes - 1)
            if op == 0x49:
                data = int.from_bytes(self.l1[addr:addr + nbytes], "little")
                if size == 0:
                    for i in range(4):
                        g[reg + i] = (data >> (32 * i)) & 0xFFFFFFFF
                else:
                    keep = 0xFFFFFFFF ^ ((1 << (8 * nbytes)) - 1)
                    g[reg] = (g[reg] & keep) | data
            else:
                if size == 0:
                    data = sum(g[reg + i] << (32 * i) for i in range(4))
                else:
                    data = g[reg] & ((1 << (8 * nbytes)) - 1)
                self.l1[addr:addr + nbytes] = data.to_bytes(nbytes, "little")
        elif op == 0x61:  # ATINCGET
            addr = g[field(insn, 0, 6)] * 16 + field(insn, 12, 2) * 4
            inout = field(insn, 6, 6)
            int_mask = ((2 << field(insn, 14, 5)) - 1) % 2**32
            original = self.word(addr)
            new = (((original + g[inout]) % 2**32) & int_mask) | (original & ~int_mask & 0xFFFFFFFF)
            self.l1[addr:addr + 4] = new.to_bytes(4, "little")
            g[inout] = original
        elif op == 0x63:  # ATSWAP
            addr = g[field(insn, 0, 6)] * 16
            data_reg = field(insn, 6, 6)
            if field(insn, 22, 1):
                to_write = bytearray(16)
                to_write[(data_reg & 3) * 4:(data_reg & 3) * 4 + 4] = g[data_reg].to_bytes(4, "little")
            else:
                to_write = b"".join(g[(data_reg & 0x3C) + i].to_bytes(4, "little") for i in range(4))
            for i in range(8):
                if field(insn, 14, 8) >> i & 1:
                    self.l1[addr + 2 * i:addr + 2 * i + 2] = to_write[2 * i:2 * i + 2]
        elif op == 0x64:  # ATCAS
            addr = g[field(insn, 0, 6)] * 16 + field(insn, 12, 2) * 4
            if self.word(addr) != field(insn, 14, 4):
                return False
            self.l1[addr:addr + 4] = field(insn, 18, 4).to_bytes(4, "little")
        elif op == 0x62:  # ATINCGETPTR
            no_incr, incr_log2, int_width = field(insn, 22, 1), field(insn, 18, 4), field(insn, 14, 4)
            ofs = field(insn, 12, 2)
            increment_by = (0 if no_incr else 1) << incr_log2
            int_mask = (1 << int_width) - 1
            base = g[field(insn, 0, 6)] * 16
            rd, wr = self.word(base), self.word(base + 4)
            size = (wr - rd) % 2**32
            if ofs & 1:
                capacity = (1 << (int_width - 1)) if int_width else 0x8000
                if size % capacity == 0 and size != 0:
                    return False
            elif size == 0:
                return False
            original = self.word(base + 4 * ofs)
            new = ((original + increment_by) % 2**32 & int_mask) | (original & ~int_mask & 0xFFFFFFFF)
            self.l1[base + 4 * ofs:base + 4 * ofs + 4] = new.to_bytes(4, "little")
            g[field(insn, 6, 6)] = original
        elif op == 0xB2:  # SETC16
            self.thread_config[field(insn, 16, 8)] = field(insn, 0, 16)
        elif op == 0xB0:  # WRCFG
            index, reg = field(insn, 0, 11), field(insn, 16, 6)
            if field(insn, 15, 1):
                words = [g[(reg & ~3) + i] for i in range(4)]
                copy = self.state_id()
                for i in range(4):  # memcpy of 16 bytes, then the write's special cases
                    j = (index & ~3) + i
                    for c in ((0, 1) if j >= 152 else (copy,)):
                        self.config[c][j] = words[i]
                if index & ~3 == 4:
                    self.config[copy][:152] = [0] * 152
            else:
                self.write_config(index, g[reg])
        elif op == 0xB1:  # RDCFG (ckernel_ops.h layout)
            g[field(insn, 16, 8)] = self.config[self.state_id()][field(insn, 0, 16)]
        elif 0xB3 <= op <= 0xB6:  # RMWCIB0-3
            index, byte = field(insn, 0, 8), op - 0xB3
            mask, new = field(insn, 16, 8), field(insn, 8, 8)
            old = self.config[self.state_id()][index]
            old_byte = (old >> 8 * byte) & 0xFF
            merged = (new & mask) | (old_byte & ~mask & 0xFF)
            self.write_config(index, (old & ~(0xFF << 8 * byte) & 0xFFFFFFFF) | merged << 8 * byte, rmw=True)
        elif op == 0x48:  # REG2FLOP, configuration form
            index, reg = field(insn, 6, 7), field(insn, 0, 6)
            if field(insn, 22, 2) == 0:
                for i in range(4):
                    self.write_config(52 + (index & ~3) + i, g[(reg & ~3) + i])
            else:
                self.write_config(52 + index, g[reg])
        else:
            raise NotImplementedError(hex(insn))
        return True


class Rwcs:
    """RWCs.md's RWCs[3] with ApplyAddrMod, SETRWC.md and INCRWC.md, and SFPLOAD.md / SFPSTORE.md's Dst
    address, over a ThCon's ThreadConfig / Config lists (one thread). Field positions are the ISA diagrams'
    (SETRWC, INCRWC, SFPLOAD); the ThreadConfig words are cfg_defines.h's ADDR32 values, written out here."""

    def __init__(self, thcon):
        self.thcon = thcon
        self.Dst = self.Dst_Cr = self.SrcA = self.SrcA_Cr = self.SrcB = self.SrcB_Cr = 0
        self.FidelityPhase = self.ExtraAddrModBit = 0

    def snapshot(self):
        return {"Dst": self.Dst, "Dst_Cr": self.Dst_Cr, "SrcA": self.SrcA, "SrcA_Cr": self.SrcA_Cr,
                "SrcB": self.SrcB, "SrcB_Cr": self.SrcB_Cr, "FidelityPhase": self.FidelityPhase,
                "ExtraAddrModBit": self.ExtraAddrModBit}

    def apply_addr_mod(self, addr_mod, update_fidelity=True):
        tc = self.thcon.thread_config
        index = addr_mod
        if self.ExtraAddrModBit or (tc[2] & 1):  # ADDR_MOD_SET_Base: ADDR32 2
            index += 4
        ab = tc[7 + 2 * index]  # ADDR_MOD_AB_SEC<i>: ADDR32 7, 9, ..., 21
        dst = tc[23 + index]  # ADDR_MOD_DST_SEC<i>: ADDR32 23..30
        bias = tc[48 + index]  # ADDR_MOD_BIAS_SEC<i>: ADDR32 48..55
        src_a_incr, src_a_cr, src_a_clear = field(ab, 0, 6), field(ab, 6, 1), field(ab, 7, 1)
        src_b_incr, src_b_cr, src_b_clear = field(ab, 8, 6), field(ab, 14, 1), field(ab, 15, 1)
        dest_incr, dest_cr, dest_clear, dest_c_to_cr = field(dst, 0, 10), field(dst, 10, 1), field(dst, 11, 1), \
            field(dst, 12, 1)
        fid_incr, fid_clear = field(dst, 13, 2), field(dst, 15, 1)
        if src_a_clear:
            self.SrcA, self.SrcA_Cr = 0, 0
        elif src_a_cr:
            self.SrcA_Cr = (self.SrcA_Cr + src_a_incr) % 64
            self.SrcA = self.SrcA_Cr
        else:
            self.SrcA = (self.SrcA + src_a_incr) % 64
        if src_b_clear:
            self.SrcB, self.SrcB_Cr = 0, 0
        elif src_b_cr:
            self.SrcB_Cr = (self.SrcB_Cr + src_b_incr) % 64
            self.SrcB = self.SrcB_Cr
        else:
            self.SrcB = (self.SrcB + src_b_incr) % 64
        if dest_clear:
            self.Dst, self.Dst_Cr = 0, 0
        elif dest_c_to_cr:
            self.Dst = (self.Dst + dest_incr) % 1024
            self.Dst_Cr = self.Dst
        elif dest_cr:
            self.Dst_Cr = (self.Dst_Cr + dest_incr) % 1024
            self.Dst = self.Dst_Cr
        else:
            self.Dst = (self.Dst + dest_incr) % 1024
        if update_fidelity:
            self.FidelityPhase = 0 if fid_clear else (self.FidelityPhase + fid_incr) % 4
        if field(bias, 4, 1):
            self.ExtraAddrModBit = 0
        elif field(bias, 0, 4) & 3:
            self.ExtraAddrModBit = (self.ExtraAddrModBit + 1) % 2

    def setrwc(self, insn):
        src_a, src_b, dst, fidelity = field(insn, 0, 1), field(insn, 1, 1), field(insn, 2, 1), field(insn, 3, 1)
        src_a_val, src_b_val, dst_val = field(insn, 6, 4), field(insn, 10, 4), field(insn, 14, 4)
        src_a_cr, src_b_cr, dst_cr, dst_c_to_cr = field(insn, 18, 1), field(insn, 19, 1), field(insn, 20, 1), \
            field(insn, 21, 1)
        if src_a:
            if src_a_cr:
                src_a_val += self.SrcA_Cr
            self.SrcA = self.SrcA_Cr = src_a_val % 64
        if src_b:
            if src_b_cr:
                src_b_val += self.SrcB_Cr
            self.SrcB = self.SrcB_Cr = src_b_val % 64
        if dst or dst_c_to_cr:
            if dst_c_to_cr:
                dst_val += self.Dst
            elif dst_cr:
                dst_val += self.Dst_Cr
            self.Dst = self.Dst_Cr = dst_val % 1024
        if fidelity:
            self.FidelityPhase = 0

    def incrwc(self, insn):
        src_a_inc, src_b_inc, dst_inc = field(insn, 6, 4), field(insn, 10, 4), field(insn, 14, 4)
        if field(insn, 18, 1):
            self.SrcA_Cr = (self.SrcA_Cr + src_a_inc) % 64
            self.SrcA = self.SrcA_Cr
        else:
            self.SrcA = (self.SrcA + src_a_inc) % 64
        if field(insn, 19, 1):
            self.SrcB_Cr = (self.SrcB_Cr + src_b_inc) % 64
            self.SrcB = self.SrcB_Cr
        else:
            self.SrcB = (self.SrcB + src_b_inc) % 64
        if field(insn, 20, 1):
            self.Dst_Cr = (self.Dst_Cr + dst_inc) % 1024
            self.Dst = self.Dst_Cr
        else:
            self.Dst = (self.Dst + dst_inc) % 1024

    def sfpload_lanes(self, insn):
        """SFPLOAD / SFPSTORE: the (Row, Column) of Dst each of the 32 lanes accesses (every lane enabled, plain
        LaneConfig), then ApplyPartialAddrMod."""
        imm10, addr_mod, mod0 = field(insn, 0, 10), field(insn, 14, 2), field(insn, 16, 4)
        offset = self.thcon.thread_config[1] & 0xFFF  # DEST_TARGET_REG_CFG_MATH_Offset: ADDR32 1
        regw_base = self.thcon.config[self.thcon.state_id()][6] & 0xFFFF  # DEST_REGW_BASE_Base: ADDR32 6
        addr = imm10 + offset
        if mod0 == 10:  # MOD0_FMT_INT32_ALL
            addr += (self.Dst + regw_base) & 3
        else:
            addr += self.Dst + regw_base
        addr %= 1024  # uint10_t
        lanes = [((addr & ~3) + lane // 8, (lane & 7) * 2 + (1 if addr & 2 else 0)) for lane in range(32)]
        self.apply_addr_mod(addr_mod, update_fidelity=False)
        return lanes
