"""Architectural state of the Vector Unit (SFPU), as flat numpy arrays with a leading instance axis.

Sources: ISA LReg.md (register file and constants), VectorUnit.md (lane flags, flag stack, PRNG),
SFPCONFIG.md (LaneConfig, programmable constants and their defaults), RWCs.md (Dst counters),
SFPLOAD.md (ALU_ACC_CTRL_SFPU_Fp32_enabled and SrcB format resolution of MOD0_FMT_SRCB).

Choices where the sources are silent:
- Boot state: tt-llk firmware runs SFPENCC(Imm2=3, VD=0, Mod1=10) at boot, so UseLaneFlagsForLaneEnable and
  all LaneFlags start true (the ISA's power-on values are false); LReg0-7 start at 0.
- LReg11-14 start at their SFPCONFIG "IMM16_IS_VALUE" defaults (-1.0, 1/65536, -0.67487759, -0.34484843).
- PRNG: the hardware seed is not documented. Lane L starts at `PRNG_SEED ^ (L * 0x9E3779B9)` (never 0);
  `seed_prng` sets another seed. The state advances only when an instruction calls AdvancePRNG for an
  enabled lane (see tensix.sfpu.execute).
- LaneConfig is stored per lane (32 x 18 bits) exactly as SFPCONFIG writes it; every field that affects the
  SFPU is modelled (BLOCK_DEST_MOV only affects Matrix Unit moves and is just stored).
- AddrMod on SFPLOAD/SFPSTORE: only the Dst increment of the four AddrMod slots is modelled
  (`addr_mod_dst_incr`, default 0 like the ADDR_MOD_7 the SFPU kernels use); CR/clear flags are not.
"""

from __future__ import annotations

import numpy as np

from tensix.errors import SfpuError

NUM_LREGS = 17
NUM_LANES = 32
STACK_DEPTH = 8
PRNG_SEED = 0x2545F491


def _f32_bits(x: float) -> int:
    return int(np.float32(x).view(np.uint32))


LREG_CONST_0_8373 = _f32_bits(0.8373)  # LReg[8]
LREG_CONST_ONE = _f32_bits(1.0)  # LReg[10]
# SFPCONFIG.md: values written to LReg[11..14] with MOD1_IMM16_IS_VALUE.
LREG_PRGM_DEFAULTS = (_f32_bits(-1.0), _f32_bits(1 / 65536), _f32_bits(-0.67487759), _f32_bits(-0.34484843))

# SrcB formats (ALU_FORMAT_SPEC_REG1_SrcB): with SFPU FP32 disabled, MOD0_FMT_SRCB resolves to BF16 for these
# and to FP16 for every other format (SFPLOAD.md / SFPSTORE.md functional model).
SRCB_BF16_FAMILY = frozenset({"FP32", "TF32", "BF16", "BFP8", "BFP4", "BFP2", "INT32", "INT16"})
SRCB_FP16_FAMILY = frozenset({"FP16", "FP8", "BFP8A", "BFP4A", "BFP2A", "INT8", "UINT8", "UINT16"})


class SfpuState:
    """`n` independent SFPU states (one per simulated Tensix core/thread that uses the SFPU).

    Arrays (leading axis = instance):
      lregs       uint32 (n, 17, 32)  LReg[0..16][lane]; 8..10 and 15 are read-only constants
      flags       uint8  (n, 32)      LaneFlags
      use_flags   uint8  (n, 32)      UseLaneFlagsForLaneEnable
      stack_flags / stack_use  uint8 (n, 8, 32), stack_size int32 (n, 32)  the per-lane FlagStack
      prng        uint32 (n, 32)      PRNG state per lane
      lane_config uint32 (n, 32)      LaneConfig per lane (18 bits)
      rwc         int32  (n, 2)       RWC Dst, Dst_Cr (10-bit counters)
      sfpu_fp32   uint8  (n,)         ALU_ACC_CTRL_SFPU_Fp32_enabled
      srcb_bf16   uint8  (n,)         1 if the SrcB format is in the BF16 family (for MOD0_FMT_SRCB)
      addr_mod_dst_incr int32 (n, 4)  Dst increment applied by SFPLOAD/SFPSTORE AddrMod 0..3
      shfl_vc0    uint32 (n, 32), shfl_valid uint8 (n,)  the value SFPSHFT2 SHFLSHR1's hardware bug reads
      lm_template uint32 (n, 4, 32), lm_sequence uint32 (n, 4, 32), lm_misc uint32 (n, 32)  LoadMacroConfig per
                  lane (SFPLOADMACRO.md: InstructionTemplate[4], Sequence[4], Misc (12 bits))
      lm_written  uint8 (n, 9)        which of InstructionTemplate 0..3, Sequence 0..3, Misc has been written since
                  reset (their power-on values are not documented: reading an unwritten one raises NotModelledError)
      lm_pending  list (n) of tuples  the instructions SFPLOADMACRO scheduled that have not executed yet
                  (tensix.sfpu.loadmacro)
    """

    def __init__(self, n: int = 1):
        if n < 1:
            raise SfpuError(f"SfpuState(n={n}): need at least one instance")
        self.n = n
        self.lregs = np.zeros((n, NUM_LREGS, NUM_LANES), np.uint32)
        self.flags = np.zeros((n, NUM_LANES), np.uint8)
        self.use_flags = np.zeros((n, NUM_LANES), np.uint8)
        self.stack_flags = np.zeros((n, STACK_DEPTH, NUM_LANES), np.uint8)
        self.stack_use = np.zeros((n, STACK_DEPTH, NUM_LANES), np.uint8)
        self.stack_size = np.zeros((n, NUM_LANES), np.int32)
        self.prng = np.zeros((n, NUM_LANES), np.uint32)
        self.lane_config = np.zeros((n, NUM_LANES), np.uint32)
        self.rwc = np.zeros((n, 2), np.int32)
        self.sfpu_fp32 = np.zeros(n, np.uint8)
        self.srcb_bf16 = np.ones(n, np.uint8)
        self.addr_mod_dst_incr = np.zeros((n, 4), np.int32)
        self.shfl_vc0 = np.zeros((n, NUM_LANES), np.uint32)
        self.shfl_valid = np.zeros(n, np.uint8)
        self.lm_template = np.zeros((n, 4, NUM_LANES), np.uint32)
        self.lm_sequence = np.zeros((n, 4, NUM_LANES), np.uint32)
        self.lm_misc = np.zeros((n, NUM_LANES), np.uint32)
        self.lm_written = np.zeros((n, 9), np.uint8)
        self.lm_pending = [() for _ in range(n)]
        self.reset()

    # -- setup -------------------------------------------------------------------------------
    def reset(self, k: int | slice | None = None) -> None:
        """Reset instance(s) `k` (default all) to the state after firmware boot (see module doc)."""
        sel = slice(None) if k is None else k
        self.lregs[sel] = 0
        self.lregs[sel, 8, :] = LREG_CONST_0_8373
        self.lregs[sel, 9, :] = 0
        self.lregs[sel, 10, :] = LREG_CONST_ONE
        for i, v in enumerate(LREG_PRGM_DEFAULTS):
            self.lregs[sel, 11 + i, :] = v
        self.lregs[sel, 15, :] = np.arange(NUM_LANES, dtype=np.uint32) * 2
        self.flags[sel] = 1
        self.use_flags[sel] = 1
        self.stack_flags[sel] = 0
        self.stack_use[sel] = 0
        self.stack_size[sel] = 0
        self.lane_config[sel] = 0
        self.rwc[sel] = 0
        self.addr_mod_dst_incr[sel] = 0
        self.shfl_vc0[sel] = 0
        self.shfl_valid[sel] = 0
        self.lm_template[sel] = 0
        self.lm_sequence[sel] = 0
        self.lm_misc[sel] = 0
        self.lm_written[sel] = 0
        for i in range(self.n)[sel] if not isinstance(sel, (int, np.integer)) else [int(sel)]:
            self.lm_pending[i] = ()
        self.seed_prng(PRNG_SEED, k)

    def seed_prng(self, seed: int, k: int | slice | None = None) -> None:
        """Set the PRNG of instance(s) `k`: lane L starts at `seed ^ (L * 0x9E3779B9)` (0 replaced by 1)."""
        lanes = np.arange(NUM_LANES, dtype=np.uint64)
        st = (np.uint64(seed & 0xFFFFFFFF) ^ ((lanes * np.uint64(0x9E3779B9)) & np.uint64(0xFFFFFFFF)))
        st = st.astype(np.uint32)
        st[st == 0] = 1
        self.prng[slice(None) if k is None else k] = st

    def set_sfpu_fp32(self, enabled: bool, k: int | slice | None = None) -> None:
        """ALU_ACC_CTRL_SFPU_Fp32_enabled (set by fp32_dest_acc_en): MOD0_FMT_SRCB then means FP32."""
        self.sfpu_fp32[slice(None) if k is None else k] = bool(enabled)

    def set_srcb_format(self, fmt: str, k: int | slice | None = None) -> None:
        """The SrcB data format, which picks BF16 or FP16 for MOD0_FMT_SRCB when SFPU FP32 is off."""
        f = fmt.upper().replace("FLOAT16_B", "BF16").replace("FLOAT16", "FP16").replace("FLOAT32", "FP32")
        if f in SRCB_BF16_FAMILY:
            v = 1
        elif f in SRCB_FP16_FAMILY:
            v = 0
        else:
            raise SfpuError(f"set_srcb_format: unknown SrcB format {fmt!r}; use one of "
                            f"{sorted(SRCB_BF16_FAMILY | SRCB_FP16_FAMILY)}")
        self.srcb_bf16[slice(None) if k is None else k] = v

    # -- convenience -------------------------------------------------------------------------
    def copy(self) -> SfpuState:
        new = SfpuState.__new__(SfpuState)
        new.n = self.n
        for name, val in self.__dict__.items():
            if isinstance(val, np.ndarray):
                setattr(new, name, val.copy())
        new.lm_pending = list(self.lm_pending)  # tuples of immutable entries
        return new

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays in the order the numba interpreter takes them."""
        return (self.lregs, self.flags, self.use_flags, self.stack_flags, self.stack_use, self.stack_size,
                self.prng, self.lane_config, self.rwc, self.sfpu_fp32, self.srcb_bf16,
                self.addr_mod_dst_incr, self.shfl_vc0, self.shfl_valid)

    def lreg_f32(self, r: int, k: int = 0) -> np.ndarray:
        """LReg[r] of instance k viewed as float32 (32 lanes)."""
        return self.lregs[k, r].view(np.float32)

    def lane_enabled(self, k: int = 0) -> np.ndarray:
        """IsLaneEnabled for the 32 lanes of instance k (VectorUnit.md)."""
        lanes = np.arange(NUM_LANES)
        row_mask = (self.lane_config[k, lanes & 7] >> (12 + lanes // 8)) & 1
        return (row_mask == 0) & ((self.use_flags[k] == 0) | (self.flags[k] != 0))

    def __repr__(self) -> str:
        return f"SfpuState(n={self.n})"
