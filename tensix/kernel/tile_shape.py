"""Circular buffers of tiles other than 32x32 (a CB's tile dims, tt-metal CircularBufferConfig::set_tile_dims): what
the unpacker puts in Src from such a page, what the packer writes of a Dst tile into one, and what the math costs.

The compute engine computes on its Src / Dst registers in the geometry of a 32x32 tile; a CB's tile dims (the JIT's
per-operand tables: get_operand_num_faces / face_r_dim / tile_r_dim / tile_c_dim, llk_io/llk_operands.h and
llk_outputs.h of tt_metal/hw/ckernels/wormhole_b0/metal) only change how many faces and face rows the unpacker
and packer move and which MVMULs the math issues (tt-llk 622c6fb9, tt_llk_wormhole_b0/llk_lib):

- unpack (llk_unpack_AB_matmul.h): a tile of num_faces faces of face_r_dim rows (the unpacker's x_end, lines
  233-250); in0 goes to SrcB, its face 1 at SrcB row 16 (the math reads B1 at srcb 16). With a partial face (in0
  tile_h < 16) the unpacker zeroes SrcB first (UNPACR_NOP UNP_ZEROSRC, lines 107-112 / 131-136) and then unpacks
  the two faces face by face: rows tile_h.. of each face are zero. With tile_h = 16 the SrcB rows of faces 2 / 3
  keep what they held, which only reaches Dst rows nobody packs. An in1 of [32, 16] tiles has two faces, the
  32x32 tile's left ones (A0 / A1 of K rows 0-15 / 16-31 in the is_in1_32x16 branch of llk_math_matmul.h).
- math (llk_math_matmul.h matmul_configure_mop): the MVMULs of the 32x32 product that touch the tile's rows
  and columns only, in the same order: 16 MVMULs (8 rows x 16 x 16 each) for 32x32 x 32x32, 8 for an in0 of
  16x32 (in0_tile_r_dim <= FACE_R_DIM) or an in1 of 32x16, 4 for both or for a partial face (in0 tile_h < 16,
  tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_math_matmul_api.h line 29: partial_face = in0_tile_r_dim <
  FACE_R_DIM) (replay_buf_len, llk_math_matmul.h lines 362-363). Each output element (r, c) is accumulated from
  in0 row r's first K half (SrcB face B0 / B2 times SrcA face A0 / A1) and then its second (B1 / B3 times A2 / A3;
  A0 then A1 for a 32x16 in1), as in the 32x32 sequence (the MVMUL lists at llk_math_matmul.h lines 367-433: the
  first-half MVMULs of an output face come before its second-half ones in every branch), and each MVMUL does the
  same 8x16x16 step whatever the tile: an output row is bit for bit the row of the 32x32 product of the padded
  tiles. Rows / columns outside the tile hold values nobody packs.
- pack (llk_pack.h _llk_pack_ with num_faces / face_r_dim, llk_pack_common.h): the packer writes num_faces faces of
  face_r_dim rows, i.e. the tile's rows and columns of the Dst tile, in the tile's face order; a block-float face
  row's shared exponent is that of its 16 datums, as in a 32x32 tile.

Where tt-llk puts the faces in Dst differs (an in1 of 32x16 puts output face 2 in Dst face slot 1, which its packer
reads as the tile's second face); math, packer and eltwise ops agree on it, so tensix keeps the 32x32 geometry.
So tensix models a tiny tile as the 32x32 tile whose other rows / columns are zero (Src) or dropped (pack): the
page's face rows (and block-float exponents) are moved to or from their place in a 32x32 tile's bytes, and
everything between runs on 32x32 tiles unchanged. Transposed tiles (transpose_tile) are modelled for 32x32 only:
their bytes are a normal tile of the transpose, which the matmul's in1 transpose (IN1_TRANSPOSE_TILE) undoes."""

from __future__ import annotations

import numpy as np

from tensix.device import formats
from tensix.errors import NotModelledError

_FULL = 32
_ROWS = 64                  # face rows of a 32x32 tile (4 faces x 16)
_EXP_ALIGN = 16             # Wormhole L1 alignment of a block-float tile's exponent section (tile.cpp get_tile_size)
_MAPS: dict = {}


def dims(tile) -> tuple:
    """(tile height, tile width, face height, transposed) of a ttnn.Tile-like object."""
    (th, tw), fh = tile.tile_shape, tile.face_shape[0]
    return int(th), int(tw), int(fh), bool(tile.transpose_within_face)


def is_full(tile) -> bool:
    """A 32x32 tile (normal or transposed): its bytes are a 32x32 tile's."""
    return tile is None or tuple(tile.tile_shape) == (_FULL, _FULL)


def refuse(tile, what: str) -> None:
    """Transposed tiles other than 32x32 are not modelled (raises NotModelledError)."""
    th, tw, _, tr = dims(tile)
    if tr and (th, tw) != (_FULL, _FULL):
        raise NotModelledError(
            f"{what}: a CB of transposed {th}x{tw} tiles; tensix models transposed tiles of 32x32 only (their "
            "unpacker / math address modifiers for narrower transposed tiles are not ported; tt-llk's matmul has "
            "no addr_mod handling for a transposed 32x16 in1).\nFix: use a 32x32 transposed tile or a normal tile.")


def _layout(fmt):
    """(exponent bytes of a 32x32 tile, bytes per face row) of a data format."""
    fmt = formats._fmt(fmt)
    exp = formats.BFP8_EXP_BYTES if fmt in formats.BFP_MAG_BITS else 0
    return exp, (formats.tile_size(fmt) - exp) // _ROWS


def size(fmt, tile) -> int:
    """Bytes of one tile of this shape and format (tt-metal Tile::get_tile_size)."""
    if is_full(tile):
        return formats.tile_size(fmt)
    th, tw, _, _ = dims(tile)
    exp, row = _layout(fmt)
    rows = th * tw // 16
    return rows * row + (-(-rows // _EXP_ALIGN) * _EXP_ALIGN if exp else 0)


def _maps(fmt, tile):
    """(positions in the tile's bytes, positions in a 32x32 tile's bytes) of the same bytes, for a non-32x32 tile."""
    th, tw, fh, _ = dims(tile)
    key = (formats._fmt(fmt), th, tw, fh)
    m = _MAPS.get(key)
    if m is not None:
        return m
    exp, row = _layout(fmt)
    nfc = tw // 16
    s = np.arange(th * tw // 16)                # the tile's stored face rows
    face, r = s // fh, s % fh
    lrow = (face // nfc) * fh + r               # logical row in the tile
    fcol = face % nfc                           # face column
    d = ((lrow // 16) * 2 + fcol) * 16 + lrow % 16     # that face row in a 32x32 tile
    rows = len(s)
    t_exp = -(-rows // _EXP_ALIGN) * _EXP_ALIGN if exp else 0
    src = [(t_exp + s[:, None] * row + np.arange(row)).reshape(-1)]
    dst = [(exp + d[:, None] * row + np.arange(row)).reshape(-1)]
    if exp:
        src.insert(0, s)
        dst.insert(0, d)
    m = _MAPS[key] = (np.concatenate(src), np.concatenate(dst), formats.tile_size(fmt), size(fmt, tile))
    return m


def expand(raw, fmt, tile) -> np.ndarray:
    """A page of `tile` (its bytes) -> the bytes of the 32x32 tile the unpacker leaves in Src from it: the tile's
    face rows in place, zeros elsewhere (rows the unpacker does not write; only rows nobody packs depend on them)."""
    if is_full(tile):
        return raw
    src, dst, full, _ = _maps(fmt, tile)
    out = np.zeros(full, np.uint8)
    out[dst] = raw[src]
    return out


def compress(raw32, fmt, tile) -> np.ndarray:
    """The bytes of a 32x32 tile as the packer produces them -> the bytes it writes into a page of `tile` (the tile's
    face rows and their exponents; the exponent section's alignment padding zero)."""
    if is_full(tile):
        return raw32
    src, dst, _, n = _maps(fmt, tile)
    out = np.zeros(n, np.uint8)
    out[src] = raw32[dst]
    return out


def mvmuls(in0_tile, in1_tile) -> int:
    """MVMULs per output tile per fidelity phase (tt-llk llk_math_matmul.h matmul_configure_mop replay_buf_len)."""
    h0 = _FULL if in0_tile is None else int(in0_tile.tile_shape[0])
    w1 = _FULL if in1_tile is None else int(in1_tile.tile_shape[1])
    in0_16x32 = h0 <= 16
    in1_32x16 = w1 <= 16
    if in0_16x32 and in1_32x16:
        return 4
    if in0_16x32 or in1_32x16:
        return 4 if h0 < 16 else 8      # partial_face: in0_tile_r_dim < FACE_R_DIM
    return 16


def unpack_cycles(cycles: int, tile) -> int:
    """A per-32x32-tile unpack figure (L1 bytes at a fixed rate) for a page of `tile`: in proportion to its datums."""
    if is_full(tile):
        return cycles
    th, tw, _, _ = dims(tile)
    return -(-cycles * th * tw // (_FULL * _FULL))


def pack_cycles(cycles: int, tile) -> int:
    """A per-32x32-tile pack figure for a page of `tile`: the packers write one face each in parallel (costs.json
    pack.tile.*), so the time goes with the face height (face_r_dim rows instead of 16)."""
    if is_full(tile):
        return cycles
    fh = int(tile.face_shape[0])
    return -(-cycles * fh // 16)
