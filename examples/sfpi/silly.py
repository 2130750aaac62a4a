"""The SFPI documentation's example function `silly` (seed 001), written in tensix's SFPI DSL.

It is not useful by itself; it shows loads, MAD generation, immediates, predicated v_if/v_elseif/v_else
chains with a nested v_if, a RISC-V (Python) branch on a scalar parameter, and the integer library calls.
Run it: `python examples/sfpi/silly.py`.
"""

import numpy as np

import tensix.sfpi as sfpi
from tensix.sfpi import (
    abs,
    dst_reg,
    exexp_nodebias,
    lz,
    s2vFloat16a,
    setexp,
    v_else,
    v_elseif,
    v_if,
    sfpi_inline,
    vConstFloatPrgm0,
)


@sfpi_inline
def silly(take_abs, value):
    # dst_reg[n] loads into a temporary LREG
    a = dst_reg[0] + 2.0
    # This emits a load, move, mad
    dst_reg[3] = a * -dst_reg[1] + vConstFloatPrgm0 + 0.5
    # This emits a load, loadi, mad (a * dst_reg[] goes down the mad path)
    dst_reg[4] = a * dst_reg[1] + 1.2
    # This emits two loadis and a mad
    dst_reg[4] = a * 1.5 + 1.2
    # This emits a loadi (into tmp), loadi (as a temp for 1.2F) and a mad
    tmp = s2vFloat16a(value)
    dst_reg[5] = a * tmp + 1.2
    with v_if((a >= 4.0 and a < 8.0) or (a >= 12.0 and a < 16.0)):
        b = exexp_nodebias(a)
        b &= 0xAA
        with v_if(b >= 130):
            dst_reg[6] = setexp(a, 127)
    with v_elseif(a == s2vFloat16a(3.0)):
        # RISC-V branch: only one side is traced
        if take_abs:
            dst_reg[7] = abs(a)
        else:
            dst_reg[7] = a
    with v_else():
        exp = lz(a) - 19
        exp = ~exp
        dst_reg[8] = -setexp(a, exp)


def silly_kernel(take_abs, value, prgm0):
    vConstFloatPrgm0 = prgm0  # noqa: F841 - SFPCONFIG: sets the programmable constant register
    silly(take_abs, value)


def main():
    rng = np.random.default_rng(1)
    tile = (rng.integers(-24, 64, size=(1, 32, 32)) / 4).astype(np.float32)
    result = sfpi.run(silly_kernel, tile, True, 0.75, 0.25)
    print(sfpi.listing(silly_kernel, True, 0.75, 0.25))
    print(f"{sum(result.counts.values())} instructions, {result.cycles} SFPU cycles: {result.counts}")


if __name__ == "__main__":
    main()
