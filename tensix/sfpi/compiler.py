"""From a trace to an SFPU program: the optimiser, register allocation and SFPNOP insertion.

Passes, in the order of SFPI's compiler (seed 001, "Optimizer"):
1. MAD generation: an SFPMUL whose only use is an SFPADD in the same predicate region becomes the SFPMAD
   that replaces the add. `a*b + c` and `c + a*b` fuse; for `p*q + r*s` the LEFT product is fused and the
   right one keeps its own SFPMUL (one rounding less for the left product only). Subtraction is
   SFPMAD(-1.0, b, a) already and is never fused, so `x*c - y*s` stays two SFPMULs and one SFPMAD, each
   product rounded. Fusion changes the numbers: SFPMAD rounds once (tensix.sfpu.fma).
2. MULI/ADDI generation: an SFPMUL/SFPADD whose other operand is a one-use bf16 SFPLOADI constant becomes
   SFPMULI/SFPADDI with that immediate (VD in place).
3. Register allocation over LReg0-7 (linear scan, values tied to an input's register where the instruction
   writes in place, pinned values for l_reg and SFPCONFIG's LReg0). More than 8 live values is the SFPI
   compiler's "register spill" error, reported with the source lines of the live values.
4. SFPNOP insertion: after a MAD-family instruction (2-cycle latency, ISA VectorUnit.md) when the next
   instruction reads its result; after SFPSWAP always (the next cycle can only be an SFPNOP).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from tensix.errors import RegisterSpillError, SfpiError
from tensix.sfpi.ir import CREG_0, CREG_1, MAD_FAMILY, Op, Value
from tensix.sfpu import isa

NUM_LREGS = 8

# Instructions that read their VD register as a source (ISA functional models).
_READS_VD = {"SFPIADD", "SFPAND", "SFPOR", "SFPXOR", "SFPSHFT", "SFPADDI", "SFPMULI", "SFPSTORE", "SFPSWAP",
             "SFPSETEXP", "SFPSETMAN", "SFPSETSGN", "SFPLOADI"}


@dataclass
class Compiled:
    """A compiled SFPI function: the instruction list and what the runner needs to execute it."""

    instrs: list
    program: object  # encoded numpy array
    n_inputs: int
    inputs: list  # per slot: fn(args) -> int
    scalar_ops: dict
    dst_reads: frozenset = frozenset()  # Dst tiles (relative to the base) read before this program writes them
    dst_writes: frozenset = frozenset()  # Dst tiles (relative to the base) the program stores to
    input_sources: list = None  # per slot: the argument indices its fn depends on (None: unknown)

    def listing(self) -> str:
        """One line per instruction: index, its 32-bit Tensix word (TT_OP_SFP* encoding; `?` marks the digits
        of an immediate the RISC-V fills in at run time), the instruction and its source line."""
        from tensix.tile.vector import word_text
        return "\n".join(f"{i:4d}  {word_text(ins)}  {ins}" for i, ins in enumerate(self.instrs))

    @property
    def words(self) -> tuple:
        """The program as Tensix instruction words (runtime immediates 0; input_slots says which)."""
        w = self.__dict__.get("_words")
        if w is None:
            from tensix.tile.vector import words_of
            w = self.__dict__["_words"] = words_of(self.instrs)
        return w

    @property
    def input_slots(self) -> tuple:
        """Per word: the runtime input slot that fills its immediate, or -1."""
        return tuple(i.input for i in self.instrs)

    def word_program(self):
        """The encoded program expanded from `words` (tensix.tile.vector.program_of_words, once): what the SFPU
        executes when the LLK issues these words. Equal to `program` (tests/test_sfpi_words.py)."""
        p = self.__dict__.get("_word_program")
        if p is None:
            from tensix.tile.vector import program_of_words
            p = self.__dict__["_word_program"] = program_of_words(self.words, self.input_slots)[0]
        return p

    def input_row(self, args) -> tuple:
        """The runtime immediates of one call (uint32 values per slot). A row is reused while the arguments its
        slots depend on repeat (a compute kernel passes the same scalars tile after tile, and a few positions),
        and so is each slot's value; zero-valued keys are recomputed because -0.0 == 0.0 as a key but not as
        bits."""
        rows = self.__dict__.get("_rows")
        if rows is None:
            srcs = self.input_sources
            used = (sorted({i for s in srcs for i in s}) if srcs is not None and len(srcs) == len(self.inputs)
                    and all(s is not None for s in srcs) else None)
            # the arguments the whole row depends on, as one key (None: some slot's sources are unknown)
            # (itemgetter of one index returns the item itself: name it twice to get a tuple)
            self.__dict__["_row_key"] = (None if used is None else itemgetter(*used) if len(used) > 1
                                         else itemgetter(used[0], used[0]) if used else (lambda a: ()))
            rows = self.__dict__["_rows"] = {}
        key_of = self.__dict__["_row_key"]
        key = None
        if key_of is not None:
            key = key_of(args)
            if all(key):
                row = rows.get(key)
                if row is not None:
                    return row
            else:
                key = None
        row = tuple(self._slot_values(args))
        if key is not None:
            if len(rows) > 4096:
                rows.clear()
            rows[key] = row
        return row

    def _slot_values(self, args) -> list:
        memos = self.__dict__.get("_memos")
        if memos is None:
            srcs = self.input_sources or [None] * len(self.inputs)
            memos = self.__dict__["_memos"] = [(f, s, {}) for f, s in zip(self.inputs, srcs)]
        row = []
        for f, src, memo in memos:
            if src is None or len(src) != 1:
                row.append(int(f(args)) & 0xFFFFFFFF)
                continue
            key = args[src[0]]
            v = memo.get(key) if key else None
            if v is None:
                v = int(f(args)) & 0xFFFFFFFF
                if key:
                    if len(memo) > 4096:
                        memo.clear()
                    memo[key] = v
            row.append(v)
        return row


def dst_footprint(instrs) -> tuple[frozenset, frozenset]:
    """Which Dst tiles (64 rows each, relative to the base) a program reads before writing, and writes.

    Exact, not an estimate: SFPLOAD/SFPSTORE addresses are Imm10 plus the Dst RWC, and the RWC only moves by
    the program's own INCRWC/SETRWC immediates (counter semantics as in tensix.sfpu.execute; the program
    starts with the counters at 0, as the LLK driver leaves them). A device uses this to refuse an SFPU read of
    Dst tiles that hold no data (e.g. a half the packer has released)."""
    dst = cr = 0
    reads, writes = set(), set()
    for ins in instrs:
        op = ins.op
        if op in ("SFPLOAD", "SFPSTORE"):
            if ins["Mod0"] == isa.MOD0_FMT_INT32_ALL:
                addr = ins["Imm10"] + (dst & 3)
            else:
                addr = ins["Imm10"] + dst
            tile = (addr & 0x3FC) // 64
            if op == "SFPLOAD":
                if tile not in writes:
                    reads.add(tile)
            else:
                writes.add(tile)
        elif op == "INCRWC":
            if ins["DstCr"]:
                cr = (cr + ins["DstInc"]) & 0x3FF
                dst = cr
            else:
                dst = (dst + ins["DstInc"]) & 0x3FF
        elif op == "SETRWC" and (ins["Dst"] or ins["DstCtoCr"]):
            val = ins["DstVal"] + (dst if ins["DstCtoCr"] else cr if ins["DstCr"] else 0)
            dst = cr = val & 0x3FF
    return frozenset(reads), frozenset(writes)


def _use_counts(ops):
    uses: dict = {}
    for op in ops:
        for v in op.inputs():
            uses[v.id] = uses.get(v.id, 0) + 1
    return uses


def _is_cc(op: Op) -> bool:
    return op.name in ("SFPSETCC", "SFPENCC", "SFPPUSHC", "SFPPOPC", "SFPCOMPC") or (
        op.name == "SFPIADD" and not op.fields.get("Mod1", 0) & 4)


def fuse_mad(ops: list) -> list:
    uses = _use_counts(ops)
    producer = {op.out.id: (i, op) for i, op in enumerate(ops) if op.out is not None}
    dead = set()
    for i, op in enumerate(ops):
        if op.name != "SFPADD":
            continue
        for mine, other in (("VB", "VC"), ("VC", "VB")):
            v = op.ins.get(mine)
            if v is None or uses.get(v.id) != 1 or v.id not in producer:
                continue
            j, mul = producer[v.id]
            if mul.name != "SFPMUL" or mul.tie or mul.out.fixed is not None or j in dead:
                continue
            if mul.ins["VC"].const_reg != CREG_0 or any(_is_cc(o) for o in ops[j + 1:i]):
                continue
            op.name = "SFPMAD"
            op.ins = {"VA": mul.ins["VA"], "VB": mul.ins["VB"], "VC": op.ins[other], **(
                {"VD": op.ins["VD"]} if "VD" in op.ins else {})}
            op.loc = op.loc or mul.loc
            dead.add(j)
            break
    return [op for k, op in enumerate(ops) if k not in dead]


def _bf16_imm(op: Op) -> int | None:
    """The immediate of a plain bf16 constant load. Not of a load retargeted into another value's register (a
    predicated assignment `with v_if(c): y = 3.0` writes y's register in the enabled lanes only: y is not a
    constant, and folding the load into a later SFPADDI/SFPMULI would give every lane 3.0)."""
    if (op.name == "SFPLOADI" and op.fields["Mod0"] == 0 and op.input < 0 and op.out.fixed is None
            and op.tie is None):
        return op.fields["Imm16"]
    return None


def fuse_immediates(ops: list) -> list:
    uses = _use_counts(ops)
    producer = {op.out.id: (i, op) for i, op in enumerate(ops) if op.out is not None}
    dead = set()
    for op in ops:
        if op.name == "SFPMUL" and op.ins["VC"].const_reg == CREG_0:
            pairs = (("VB", "VA"), ("VA", "VB"))
            new = "SFPMULI"
        elif op.name == "SFPADD" and op.ins["VA"].const_reg == CREG_1:
            pairs = (("VC", "VB"), ("VB", "VC"))
            new = "SFPADDI"
        else:
            continue
        if "VD" in op.ins:  # a predicated merge target: keep the plain form
            continue
        for const_role, other_role in pairs:
            c = op.ins[const_role]
            if uses.get(c.id) != 1 or c.id not in producer:
                continue
            j, load = producer[c.id]
            imm = _bf16_imm(load)
            if imm is None or j in dead:
                continue
            op.name = new
            op.fields = {"Imm16": imm, "Mod1": 0}
            op.ins = {"VD": op.ins[other_role]}
            op.tie = "VD"
            dead.add(j)
            break
    return [op for k, op in enumerate(ops) if k not in dead]


def insert_copies(ops: list) -> list:
    """A tied instruction overwrites its input's register: copy the input first if it is still needed."""
    last_use: dict = {}
    for i, op in enumerate(ops):
        for v in op.inputs():
            last_use[v.id] = i
    out = []
    for i, op in enumerate(ops):
        for role in (op.tie, op.tie2):
            if role is None:
                continue
            v = op.ins[role]
            needs = (v.const_reg is not None or last_use.get(v.id, -1) > i or v.live_out
                     or (v.fixed is not None and v.fixed != (op.out.fixed if op.out is not None else None)))
            if needs:
                copy = Value(scope=v.scope, loc=op.loc)
                out.append(Op("SFPMOV", {"Mod1": 2}, {"VC": v}, copy, loc=op.loc))
                op.ins[role] = copy
        out.append(op)
    return out


def allocate(ops: list) -> dict:
    """Linear-scan allocation over LReg0-7; returns value id -> register."""
    n = len(ops)
    first: dict = {}
    last: dict = {}
    values: dict = {}
    for i, op in enumerate(ops):
        for v in op.inputs():
            if v.const_reg is not None:
                continue
            values[v.id] = v
            if v.live_in:
                first.setdefault(v.id, -1)
            last[v.id] = i
        for v in (op.out, op.out2, *op.pinned_outs):
            if v is not None:
                values[v.id] = v
                first.setdefault(v.id, i)
                last.setdefault(v.id, i)
    for v in values.values():
        if v.live_out:
            last[v.id] = n
    pinned: dict = {r: [] for r in range(NUM_LREGS)}
    for v in values.values():
        if v.fixed is not None:
            pinned[v.fixed].append((first[v.id], last[v.id], v))
    # a register picked for a value is inherited by every value tied to it (in-place instructions such as
    # SFPMULI), so it must stay clear of pinned uses until the end of that whole chain
    chain_end = dict(last)
    for op in reversed(ops):
        for out, role in ((op.out, op.tie), (op.out2, op.tie2)):
            if out is not None and role is not None and out.fixed is None:
                src = op.ins[role]
                if src.id in chain_end and out.id in chain_end:
                    chain_end[src.id] = max(chain_end[src.id], chain_end[out.id])

    reg: dict = {}
    active: dict = {}  # reg -> value

    def free_dead(i, strict):
        for r, v in list(active.items()):
            if last[v.id] < i or (not strict and last[v.id] == i):
                del active[r]

    for v in values.values():
        if v.live_in:
            if v.fixed in active:
                raise SfpiError(f"{v.loc}: l_reg[{v.fixed}] is read twice in a way that needs two copies")
            reg[v.id] = v.fixed
            active[v.fixed] = v

    for i, op in enumerate(ops):
        free_dead(i, strict=False)  # inputs dying here can hand their register to the output
        for v, role in ((op.out, op.tie), (op.out2, op.tie2), *((p, None) for p in op.pinned_outs)):
            if v is None:
                continue
            if role is not None:
                r = reg[op.ins[role].id]
            elif v.fixed is not None:
                r = v.fixed
                other = active.get(r)
                if other is not None and other is not v:
                    raise SfpiError(
                        f"{op.loc}: LReg{r} is needed here ({op.name}) but still holds the value from "
                        f"{other.loc}. Reorder the code so that value is dead, or avoid pinning LReg{r}.")
            else:
                r = _pick(v, first[v.id], chain_end[v.id], active, pinned)
                if r is None:
                    live = sorted({w.loc for w in active.values()})
                    raise RegisterSpillError(
                        f"{op.loc}: cannot store SFPU register (register spill?): {op.name} needs a ninth LReg "
                        f"while 8 vector values are live (defined at {', '.join(live)}). The SFPI compiler "
                        "has no spilling. Fix: shorten lifetimes (reload from dst_reg or recompute values, "
                        "finish using a value before creating the next), as seed 001 advises.")
            reg[v.id] = r
            active[r] = v
    return reg


def _pick(v, start, end, active, pinned):
    for r in range(NUM_LREGS):
        if r in active:
            continue
        if any(s <= end and start <= e and w is not v for s, e, w in pinned[r]):
            continue
        return r
    return None


def _reads(op: Op, reg: dict) -> set:
    regs = set()
    for role, v in op.ins.items():
        if role == "VD" and op.name not in _READS_VD and op.tie == "VD":
            continue  # a predicated-merge tie: lanes kept, not read by the pipeline
        regs.add(v.const_reg if v.const_reg is not None else reg[v.id])
    regs.update(op.implicit_reads)
    return regs


def lower(ops: list, reg: dict) -> list:
    instrs = []
    prev_out = None
    for op in ops:
        if prev_out is not None:
            name, r = prev_out
            if name == "SFPSWAP" or (r is not None and r in _reads(op, reg)):
                instrs.append(isa.make("SFPNOP", loc=op.loc))
        fields = dict(op.fields)
        spec = {s.name for s in isa.FIELDS[op.name]}
        for role, v in op.ins.items():
            if role in spec:
                fields[role] = v.const_reg if v.const_reg is not None else reg[v.id]
        if op.out is not None and "VD" in spec:
            fields["VD"] = reg[op.out.id]
        if op.out2 is not None:
            fields["VC"] = reg[op.out2.id]
        instrs.append(isa.make(op.name, input=op.input, loc=op.loc, **fields))
        is_mad = op.name in MAD_FAMILY
        prev_out = (op.name, reg[op.out.id] if (is_mad and op.out is not None) else None) \
            if (is_mad or op.name == "SFPSWAP") else None
    return instrs


def compile_trace(trace) -> Compiled:
    ops = fuse_mad(list(trace.ops))
    ops = fuse_immediates(ops)
    ops = insert_copies(ops)
    reg = allocate(ops)
    instrs = lower(ops, reg)
    reads, writes = dst_footprint(instrs)
    return Compiled(instrs, isa.encode(instrs), len(trace.inputs), list(trace.inputs), dict(trace.scalar_ops),
                    reads, writes, list(trace.input_sources))
