"""Write tensix/encoding/tables.py: the Wormhole Tensix instruction table as tensix's own Python data.

Run once by hand when the sources move (never at import time):

    python tools/gen_tile_tables.py <tt-metal git dir> <tt-isa-documentation git dir>

Reads two files and keeps only facts from them:
- tt-llk's tt_llk_wormhole_b0/common/inc/ckernel_ops.h (in tt-metal at tt_metal/tt-llk/): for each
  TT_OP_<NAME>(args) the opcode, the argument order and each argument's shift; from TT_<NAME>_VALID each
  argument's width.
- tt-isa-documentation's WormholeB0/TensixTile/TensixCoprocessor/STALLWAIT.md: the table saying which block
  bits B0-B8 of STALLWAIT / SEMWAIT hold each instruction at the Wait Gate.
- tt-metal's wormhole_b0_defines/cfg_defines.h: every ThreadConfig / Config field's word, shift and mask.
- tt-isa-documentation's Diagrams/Src/Bits32.lua: the encoding diagrams the ISA pages draw (field names,
  positions, widths, fixed bits), for the ISA view of a word and the bits an ISA page leaves blank.
"""

import re
import subprocess
import sys
from pathlib import Path

OPS_PATH = "tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc/ckernel_ops.h"
STALLWAIT_PATH = "WormholeB0/TensixTile/TensixCoprocessor/STALLWAIT.md"
BITS32_PATH = "Diagrams/Src/Bits32.lua"
CFG_DEFINES_PATH = "tt_metal/hw/inc/internal/tt-1xx/wormhole/wormhole_b0_defines/cfg_defines.h"


def _git_show(git_dir, path):
    commit = subprocess.run(["git", "-C", git_dir, "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    text = subprocess.run(["git", "-C", git_dir, "show", f"HEAD:{path}"], capture_output=True, text=True,
                          check=True).stdout
    return commit, text


def read_ops(text):
    text = text.replace("\\\n", " ")
    ops = {}
    for m in re.finditer(r"#define TT_OP_(\w+)(?:\(([^)]*)\))?\s+TT_OP\(\s*(0x[0-9a-fA-F]+)\s*,\s*(.*)", text):
        name, args, opcode, body = m.group(1), m.group(2), int(m.group(3), 16), m.group(4)
        args = [a.strip() for a in args.split(",")] if args else []
        shifts = dict((f, int(s)) for f, s in re.findall(r"\(\((\w+)\)\s*<<\s*(\d+)\)", body))
        if list(shifts) != args:
            raise SystemExit(f"TT_OP_{name}: fields {list(shifts)} are not its arguments {args}")
        ops[name] = [opcode, args, shifts, {}]
    for m in re.finditer(r"#define TT_(\w+)_VALID\([^)]*\)\s+(.*)", text):
        widths = dict((a, int(w)) for a, w in re.findall(r"is_valid\((\w+),\s*(\d+)\)", m.group(2)))
        ops[m.group(1)][3].update(widths)
    table = {}
    for name, (opcode, args, shifts, widths) in sorted(ops.items()):
        fields, used = [], 0
        for a in args:
            mask = ((1 << widths[a]) - 1) << shifts[a]
            if mask & used or mask >> 24:
                raise SystemExit(f"TT_OP_{name}: field {a} overlaps another or leaves bits 23:0")
            used |= mask
            fields.append((a, shifts[a], widths[a]))
        table[name] = (opcode, tuple(fields))
    return table


def read_block_bits(text):
    rows = re.findall(r'<tr><th align="left"><code>(\w+)</code></th>(.*?)</tr>', text)
    bits = {}
    for name, cells in rows:
        tds = re.findall(r"<td([^>]*)>(.*?)</td>", cells)
        if len(tds) != 9:
            continue  # MOP / MOP_CFG / REPLAY never reach the Wait Gate; NOP is a special case
        bits[name] = sum(1 << i for i, (_, c) in enumerate(tds) if c.strip())
    return bits


def read_diagrams(text):
    """The ISA pages' instruction encoding diagrams: name -> (opcode, fixed bits [(lsb, width, value)],
    fields [(name, lsb, width)]). Only diagrams of 32-bit instructions with an opcode in bits 31:24."""
    diagrams = {}
    for m in re.finditer(r"\n  (\w+) = function\(\)\n    return Bits32\{(.*?)\n    \}", text, re.S):
        cells = re.findall(r'\{(\d+),\s*(\d+),\s*"([^"]*)"', m.group(2))
        opcode, fixed, fields = None, [], []
        for lsb, width, label in cells:
            lsb, width = int(lsb), int(width)
            if lsb == 24 and width == 8:
                opcode = int(label, 16) if re.fullmatch(r"0x[0-9A-Fa-f]{2}", label) else label
            elif re.fullmatch(r"[01]|0x[0-9A-Fa-f]+", label):
                fixed.append((lsb, width, int(label, 0)))
            else:
                fields.append((label.split(" ")[0], lsb, width))
        if opcode == "0xB3 + Index1":  # RMWCIB: one diagram, four opcodes (RMWCIB.md)
            for i in range(4):
                diagrams[f"RMWCIB{i}"] = (0xB3 + i, tuple(fixed), tuple(fields))
        elif opcode is not None:
            diagrams[m.group(1)] = (opcode, tuple(fixed), tuple(fields))
    return diagrams


def read_cfg_fields(text):
    """cfg_defines.h: (thread fields, config fields), each name -> (addr32, shamt, mask). The "Registers for
    THREAD" section indexes ThreadConfig, every other section Config (BackendConfiguration.md)."""
    thread, config, section = {}, {}, None
    for line in text.splitlines():
        m = re.match(r"// Registers for (\w+)", line)
        if m:
            section = m.group(1)
        m = re.match(r"#define (\w+)_ADDR32 (\d+)$", line)
        if m and section:
            (thread if section == "THREAD" else config)[m.group(1)] = [int(m.group(2))]
    for line in text.splitlines():
        m = re.match(r"#define (\w+)_(SHAMT|MASK) (0x[0-9a-fA-F]+|\d+)$", line)
        if m:
            for table in (thread, config):
                if m.group(1) in table:
                    table[m.group(1)].append(int(m.group(3), 0))
    # the bare *_BASE_ADDR32 / section markers have no SHAMT / MASK: they are not fields
    return ({k: tuple(v) for k, v in thread.items() if len(v) == 3},
            {k: tuple(v) for k, v in config.items() if len(v) == 3})


def main(metal_dir, isa_dir, out=Path(__file__).resolve().parent.parent / "tensix/encoding/tables.py"):
    metal_commit, ops_text = _git_show(metal_dir, OPS_PATH)
    _, cfg_text = _git_show(metal_dir, CFG_DEFINES_PATH)
    thread_fields, config_fields = read_cfg_fields(cfg_text)
    isa_commit, stall_text = _git_show(isa_dir, STALLWAIT_PATH)
    _, bits32_text = _git_show(isa_dir, BITS32_PATH)
    diagrams = read_diagrams(bits32_text)
    table = read_ops(ops_text)
    block = read_block_bits(stall_text)
    lines = [
        '"""Wormhole Tensix instruction encodings and Wait Gate block bits, as data. Generated by',
        "tools/gen_tile_tables.py; do not edit by hand.",
        "",
        f"ENCODINGS: tt-metal {metal_commit[:10]} {OPS_PATH}:",
        "for each TT_OP_<NAME> the opcode and its fields (name, shift, width) in the macro's argument order;",
        "widths from TT_<NAME>_VALID.",
        f"BLOCK_BITS: tt-isa-documentation {isa_commit[:10]} {STALLWAIT_PATH}:",
        "the STALLWAIT / SEMWAIT block-mask bits (B0 = bit 0 ... B8 = bit 8) that hold each instruction at the",
        "Wait Gate.",
        f"DIAGRAMS: tt-isa-documentation {isa_commit[:10]} {BITS32_PATH}: the encoding diagrams of the ISA pages.",
        f"THREAD_CONFIG_FIELDS / CONFIG_FIELDS: tt-metal {metal_commit[:10]}",
        f"{CFG_DEFINES_PATH}:",
        "name -> (ADDR32, SHAMT, MASK) of each ThreadConfig / Config field.",
        '"""',
        "",
        f'SOURCE_ENCODINGS = ("tt-metal {metal_commit}"',
        f'                    " {OPS_PATH}")',
        f'SOURCE_BLOCK_BITS = ("tt-isa-documentation {isa_commit}"',
        f'                     " {STALLWAIT_PATH}")',
        f'SOURCE_DIAGRAMS = "tt-isa-documentation {isa_commit} {BITS32_PATH}"',
        f'SOURCE_CFG_FIELDS = ("tt-metal {metal_commit}"',
        f'                     " {CFG_DEFINES_PATH}")',
        "",
        "ENCODINGS = {",
    ]
    for name, (opcode, fields) in table.items():
        if not fields:
            lines.append(f"    {name!r}: (0x{opcode:02X}, ()),")
            continue
        lines.append(f"    {name!r}: (0x{opcode:02X}, (")
        lines += [f"        {f!r}," for f in fields]
        lines.append("    )),")
    lines += ["}", "", "BLOCK_BITS = {"]
    for name, b in sorted(block.items()):
        lines.append(f"    {name!r}: 0b{b:09b},")
    lines += ["}", "",
              "# the ISA pages' encoding diagrams: name -> (opcode, fixed bits (lsb, width, value),",
              "# fields (name, lsb, width)); variants of one instruction (ADDDMAREGi, STOREIND_L1, ...) are told",
              "# apart by their fixed bits",
              "DIAGRAMS = {"]
    for name, (opcode, fixed, fields) in sorted(diagrams.items()):
        lines.append(f"    {name!r}: (0x{opcode:02X}, {fixed!r}, (")
        lines += [f"        {f!r}," for f in fields]
        lines.append("    )),")
    lines += ["}", ""]
    for title, fields in (("THREAD_CONFIG_FIELDS", thread_fields), ("CONFIG_FIELDS", config_fields)):
        lines.append(f"{title} = {{")
        ordered = sorted(fields.items(), key=lambda kv: (kv[1], kv[0]))
        lines += [f"    {k!r}: ({a}, {sh}, 0x{m:X})," for k, (a, sh, m) in ordered]
        lines += ["}", ""]
    Path(out).write_text("\n".join(lines))
    print(f"wrote {out}: {len(table)} instructions, {len(block)} block-bit rows, {len(diagrams)} diagrams, "
          f"{len(thread_fields)} + {len(config_fields)} configuration fields")


if __name__ == "__main__":
    main(*sys.argv[1:3])
