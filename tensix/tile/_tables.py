"""The generated instruction-set tables, which live in tensix.encoding.tables (below tensix.sfpu, which decodes
SFP* words with them); re-exported for the tile's modules."""

from tensix.encoding.tables import *  # noqa: F401,F403
