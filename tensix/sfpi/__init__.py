"""SFPI in Python: the vector programming interface of the SFPU (seed 001), traced to real SFPU programs.

Write an SFPU function as in C++ SFPI::

    from tensix.sfpi import *

    def add_two():
        for _ in range(8):              # RISC-V loop: unrolled while tracing
            dst_reg[0] = dst_reg[0] + 2.0
            dst_reg += 1

    tensix.sfpi.run(add_two, tiles)     # executes on the bit-exact SFPU model
    print(tensix.sfpi.listing(add_two))

Conditionals are `with v_if(cond):` / `with v_elseif(cond):` / `with v_else():` blocks (predication, both
sides execute). Functions called from SFPI code that assign inside v_if blocks need `@sfpi_inline`.
"""

from tensix.sfpi.intrinsics import (
    abs,
    addexp,
    exexp,
    exexp_nodebias,
    exman8,
    exman9,
    float_to_fp16a,
    float_to_fp16b,
    float_to_int8,
    float_to_int16,
    float_to_uint8,
    float_to_uint16,
    int32_to_float,
    int32_to_int8,
    int32_to_uint8,
    int_to_float,
    lut,
    lut_sign,
    lz,
    lz_nosgn,
    setexp,
    setman,
    setsgn,
    shft,
    subvec_shflror1,
    subvec_shflshr1,
    subvec_transp,
    vec_min_max,
    vec_swap,
)
from tensix.sfpi.rewrite import sfpi_inline
from tensix.sfpi.runner import RunResult, compiled_for, execute_on_core, listing, map_tiles, run
from tensix.sfpi.vector import (
    LRegs,
    dst_reg,
    l_reg,
    reinterpret,
    s2vFloat16a,
    s2vFloat16b,
    v_and,
    v_block,
    v_else,
    v_elseif,
    v_endif,
    v_if,
    vConst0,
    vConst0p8373,
    vConst1,
    vConstFloatPrgm0,
    vConstFloatPrgm1,
    vConstFloatPrgm2,
    vConstIntPrgm0,
    vConstIntPrgm1,
    vConstIntPrgm2,
    vConstNeg1,
    vConstTileId,
    vFloat,
    vInt,
    vUInt,
)

__all__ = [
    "vFloat", "vInt", "vUInt", "dst_reg", "l_reg", "LRegs", "reinterpret", "s2vFloat16a", "s2vFloat16b",
    "v_if", "v_elseif", "v_else", "v_endif", "v_block", "v_and", "sfpi_inline",
    "vConst0", "vConst1", "vConstNeg1", "vConst0p8373", "vConstTileId",
    "vConstFloatPrgm0", "vConstFloatPrgm1", "vConstFloatPrgm2",
    "vConstIntPrgm0", "vConstIntPrgm1", "vConstIntPrgm2",
    "exexp", "exexp_nodebias", "exman8", "exman9", "setexp", "setman", "setsgn", "addexp", "lut", "lut_sign",
    "lz", "lz_nosgn", "abs", "shft", "vec_swap", "vec_min_max", "subvec_transp", "subvec_shflror1",
    "subvec_shflshr1", "int32_to_float", "int_to_float", "float_to_fp16a", "float_to_fp16b", "float_to_uint8",
    "float_to_int8", "float_to_uint16", "float_to_int16", "int32_to_uint8", "int32_to_int8",
    "run", "map_tiles", "listing", "compiled_for", "execute_on_core", "RunResult",
]
