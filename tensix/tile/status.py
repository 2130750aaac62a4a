"""What tensix.tile does with each Wormhole Tensix instruction, as data, and the page docs/tile_instructions.md
rendered from it (tools/gen_tile_docs.py writes it; tests/test_tile_docs.py checks it is current and that the
statuses agree with what the Tile does)."""

from tensix.tile import isa
from tensix.tile._tables import ENCODINGS, SOURCE_BLOCK_BITS, SOURCE_ENCODINGS

EXECUTED, PARTLY, NOT_MODELLED = "executed", "partly executed", "not modelled"

# notes for the executed instructions whose every form runs, and for the partly executed ones
_NOTES = {
    "MOP": (EXECUTED, "MOP Expander, templates 0 and 1; from RISC-V B: undefined behaviour (MOP.md)"),
    "MOP_CFG": (EXECUTED, "MOP Expander; MaskHi is 16 bits, bits 23:16 (ckernel's wider field) not modelled"),
    "REPLAY": (EXECUTED, "Replay Expander; bits outside Index / Count / Exec / Load not modelled; a REPLAY, "
                         "MOP or MOP_CFG played back to the Wait Gate: undefined behaviour"),
    "NOP": (EXECUTED, "does nothing; held only by a full block mask"),
    "ATGETM": (EXECUTED, "index 1 or > 7 waits forever (ATGETM.md)"),
    "ATRELM": (EXECUTED, "round-robin hand-over; index 1 or > 7 waits forever"),
    "SEMINIT": (EXECUTED, ""), "SEMPOST": (EXECUTED, "saturates at 15"), "SEMGET": (EXECUTED, "saturates at 0"),
    "SEMWAIT": (EXECUTED, "latched at the Wait Gate; C0 / C1"),
    "STALLWAIT": (PARTLY, "C0-C7, C12-C14 (met at once: nothing is in flight); C8-C11 (Src bank ownership) "
                          "not modelled"),
    "SETDMAREG": (PARTLY, "immediate mode, and the special mode's InputSource 10-15 (zeroing GPRs); its sources 0-9 "
                        "(packer state) not modelled"),
    "ADDDMAREG": (EXECUTED, "uint32, wraps"), "SUBDMAREG": (EXECUTED, "uint32, wraps"),
    "MULDMAREG": (EXECUTED, "low 16 bits of each operand"),
    "BITWOPDMAREG": (EXECUTED, "Mode >= 3: undefined behaviour"), "CMPDMAREG": (EXECUTED, "Mode >= 3: undefined"),
    "SHIFTDMAREG": (EXECUTED, "Mode >= 2: undefined behaviour"),
    "LOADIND": (EXECUTED, "8 / 16 / 32 / 128 bits, 16-bit half-register offsets; past L1: undefined"),
    "STOREIND": (PARTLY, "L1 form; the MMIO form's registers (>= 0xFFB11000) and the SrcA / SrcB form not "
                         "modelled"),
    "ATSWAP": (EXECUTED, "masks and SingleDataReg"), "ATCAS": (EXECUTED, "retries hold the thread and ThCon"),
    "ATINCGET": (EXECUTED, ""), "ATINCGETPTR": (EXECUTED, "FIFO full / empty retries hold the thread and ThCon"),
    "LOADREG": (NOT_MODELLED, "reads 0xFFB11000+ registers, which tensix.tile does not model"),
    "STOREREG": (NOT_MODELLED, "writes 0xFFB11000+ registers, which tensix.tile does not model"),
    "REG2FLOP": (PARTLY, "configuration form (32 / 128 bits); the ADC form not modelled"),
    "FLUSHDMA": (EXECUTED, "every condition is met at once"), "DMANOP": (EXECUTED, ""),
    "SETC16": (EXECUTED, ""), "WRCFG": (EXECUTED, "shared words >= 152, STATE_RESET, 128-bit alignment"),
    "RDCFG": (EXECUTED, "no ISA page; ckernel_ops.h layout"),
    **{f"RMWCIB{i}": (EXECUTED, "") for i in range(4)},
    # the Vector Unit: tensix.sfpu's interpreter on the tile's Dst (tensix/tile/vector.py)
    **{n: (EXECUTED, "tensix.sfpu, bit-exact") for n in ENCODINGS if isa.UNIT[n] == "vector"},
    "SFPLOAD": (EXECUTED, "Dst address as SFPLOAD.md (uint10, DEST_TARGET_REG_CFG_MATH_Offset, DEST_REGW_BASE); "
                          "ApplyPartialAddrMod from ThreadConfig; MOD0_FMT_SRCB with format codes 9, 12, 13 "
                          "not modelled"),
    "SFPSTORE": (EXECUTED, "as SFPLOAD"),
    "SFPMOV": (EXECUTED, "FROM_SPECIAL 0-8 reads LoadMacroConfig (tensix.sfpu.loadmacro); one never written "
                         "since reset: not modelled (power-on value undocumented)"),
    "SFPLOADMACRO": (PARTLY, "tensix.sfpu.loadmacro on the tile's clock: four sub-units, both delay kinds, LReg16, "
                             "fixed store address; not modelled: LoadMacroConfig differing between lanes, "
                             "conflicting writes on one cycle, a scheduled SFPSWAP with VB != VD, threads' words "
                             "out of time order while instructions are scheduled"),
    "SFPPOPC": (EXECUTED, "Mod1=0 on an empty stack: undefined behaviour"),
    "SFPPUSHC": (EXECUTED, "on a full stack: undefined behaviour"),
    "SETRWC": (PARTLY, "RWCs (Dst, SrcA, SrcB, Fidelity); FlipSrcA / FlipSrcB (Src banks) not modelled"),
    "INCRWC": (EXECUTED, "RWCs only"),
}
_UNIT_NAMES = {"mop": "MOP Expander", "replay": "Replay Expander", "sync": "Sync Unit", "scalar": "Scalar Unit (ThCon)",
               "config": "Configuration Unit", "misc": "Miscellaneous Unit (ADCs)", "unpack": "Unpackers",
               "pack": "Packers", "mover": "Mover", "matrix": "Matrix Unit (FPU)", "vector": "Vector Unit (SFPU)",
               "nop": "Wait Gate", "undocumented": "no ISA page"}


def status(name):
    """(status, note) of instruction `name`: executed / partly executed / not modelled."""
    if name in _NOTES:
        return _NOTES[name]
    unit = isa.UNIT[name]
    return NOT_MODELLED, f"the {_UNIT_NAMES[unit]} is not executed yet; decoded and disassembled"


def markdown():
    """docs/tile_instructions.md."""
    rows = sorted(ENCODINGS, key=lambda n: (ENCODINGS[n][0], n))
    counts = {s: sum(status(n)[0] == s for n in rows) for s in (EXECUTED, PARTLY, NOT_MODELLED)}
    lines = [
        "# Wormhole Tensix instructions in tensix.tile",
        "",
        "Generated by `tools/gen_tile_docs.py` from `tensix/tile/status.py`; `tests/test_tile_docs.py` checks that it",
        "is current and that each status is what `tensix.tile.Tile` does.",
        "",
        f"Encodings: {SOURCE_ENCODINGS}.  ",
        f"Semantics: {isa.ISA_DIR}; Wait Gate block bits: {SOURCE_BLOCK_BITS}.",
        "",
        f"{len(rows)} instructions: {counts[EXECUTED]} executed, {counts[PARTLY]} partly executed, "
        f"{counts[NOT_MODELLED]} not modelled (they decode and disassemble; reaching the Wait Gate they raise",
        "`NotModelledError`). Every form raises `UndefinedBehaviourError` where its ISA page says undefined",
        "behaviour, and `NotModelledError` when it sets bits that the page's encoding diagram leaves blank.",
        "",
        "| opcode | instruction | unit | status | notes | ISA page |",
        "|---|---|---|---|---|---|",
    ]
    for n in rows:
        st, note = status(n)
        page = isa.page(n)
        link = f"[{page.rsplit('/', 1)[1]}](https://github.com/tenstorrent/tt-isa-documentation/blob/" \
               f"393047195250f9262a648d75092b03160cb7ac2e/{page.split(' ', 2)[2]})" if page else "none"
        lines.append(f"| 0x{ENCODINGS[n][0]:02X} | `{n}` | {_UNIT_NAMES[isa.UNIT[n]]} | {st} | {note} | {link} |")
    return "\n".join(lines) + "\n"
