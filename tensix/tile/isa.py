"""The Wormhole Tensix instruction set (decode, disassemble, encode, the `.ttinsn` form, units, pages, Wait Gate
block bits): tensix.encoding.words, shown here as tensix.tile.isa, its public place."""

from tensix.encoding.words import *  # noqa: F401,F403

from tensix.encoding.words import (_BY_OPCODE, _DIAGRAMS_BY_OPCODE, _SPARE, _check_word,  # noqa: F401
                                   _lookup)  # (the tile's modules and tests use these)
