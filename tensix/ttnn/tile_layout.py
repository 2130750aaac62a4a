"""Host conversion of tensors stored in a ttnn.Tile other than the plain 32x32 one (the "tiny tiles" [16, 32] ...
[1, 16], and transposed tiles), as tt-metal 622c6fb9's host does it:

- tilize (tt_metal/impl/data_format/tilize_utils.cpp to_tile_major_layout_nfaces, reached through tensor_impl.cpp
  to_tile_major_layout with the tensor spec's tile): the padded (..., H, W) values cut into tiles of the tile's
  shape, row-major over (outer dims, H / tile height, W / tile width); each tile stored face after face (faces of the
  tile's face shape, row-major over the tile, or column-major when transpose_of_faces and the tile has more than one
  face in both directions), each face row-major, or transposed when transpose_within_face;
- untilize (convert_layout_tile_nfaces_to_row_major): the inverse;
- block floats (blockfloat_common.cpp pack_as_bfp_tiles with the tile, row_major_input=false as tensor_apis.cpp
  to_dtype calls it after tilizing; bfloat8.cpp / bfloat4.cpp unpack_*_tiles_into_float_vec): every 16 consecutive
  stored values (one stored face row: face width is 16 in every tile shape) share an exponent; a tile is its exponent
  section (one byte per stored face row, padded with zero bytes to the 16-byte L1 alignment when there are fewer than
  16 rows, as tile.cpp get_tile_size counts it) followed by the face rows' sign/magnitude bytes (bfloat4_b: two per
  byte, low nibble first). With transpose_within_face a stored face row is a column of the logical face, so the
  shared exponents run down columns.

The 32x32 tile in normal face order keeps tensix.device.formats' own paths (tensix.ttnn.tensor); these functions
handle every tile, that one included (tests compare the two)."""

from __future__ import annotations

import numpy as np

from tensix.device import formats
from tensix.device.formats import DataFormat
from tensix.ttnn.types import Tile

_FACE_ROW = 16          # values sharing one block-float exponent: a stored face row (every face is 16 wide)
_EXP_ALIGN = 16         # Wormhole L1 alignment: the exponent section is padded to it (tile.cpp get_tile_size)


def _dims(tile: Tile):
    (th, tw), (fh, fw) = tile.tile_shape, tile.face_shape
    # tilize_utils.cpp transposes the face order only when the tile has more than one face both ways
    swap_faces = tile.transpose_of_faces and th // fh > 1 and tw // fw > 1
    return th, tw, fh, fw, swap_faces, tile.transpose_within_face


def tilize(values: np.ndarray, tile: Tile) -> np.ndarray:
    """Padded (..., H, W) values -> (n_tiles, tile height * tile width) in the tile's stored order (one copy)."""
    th, tw, fh, fw, swap_faces, transpose = _dims(tile)
    h, w = values.shape[-2:]
    a = values.reshape(-1, h // th, th // fh, fh, w // tw, tw // fw, fw)
    # axes: batch, tile row, face row, row in face, tile col, face col, col in face
    order = [0, 1, 4, 5, 2] if swap_faces else [0, 1, 4, 2, 5]
    order += [6, 3] if transpose else [3, 6]
    return np.ascontiguousarray(a.transpose(order)).reshape(-1, th * tw)


def untilize(tiles: np.ndarray, padded, tile: Tile) -> np.ndarray:
    """Inverse of tilize: (n_tiles, tile height * tile width) stored values -> the padded shape `padded`."""
    th, tw, fh, fw, swap_faces, transpose = _dims(tile)
    h, w = tuple(padded)[-2:]
    ht, wt, nfr, nfc = h // th, w // tw, th // fh, tw // fw
    stored = [-1, ht, wt, nfc if swap_faces else nfr, nfr if swap_faces else nfc, fw if transpose else fh,
              fh if transpose else fw]
    a = tiles.reshape(stored)
    # back to: batch, tile row, face row, row in face, tile col, face col, col in face
    fr_ax, fc_ax = (4, 3) if swap_faces else (3, 4)
    r_ax, c_ax = (6, 5) if transpose else (5, 6)
    return np.ascontiguousarray(a.transpose(0, 1, fr_ax, r_ax, 2, fc_ax, c_ax)).reshape(tuple(padded))


def exponent_bytes(tile: Tile) -> int:
    """Bytes of a block-float tile's exponent section: one per stored face row, rounded up to the L1 alignment."""
    rows = tile.tile_shape[0] * tile.tile_shape[1] // _FACE_ROW
    return -(-rows // _EXP_ALIGN) * _EXP_ALIGN


def pack_bfp(values: np.ndarray, fmt: DataFormat, tile: Tile) -> np.ndarray:
    """Padded float values -> block-float tile bytes (n_tiles, tile.get_tile_size) (pack_as_bfp_tiles, host
    rounding: tensix.device.formats' encoder of tt-metal's convert_u32_to_bfp)."""
    stored = tilize(np.asarray(values, np.float32), tile)
    n, rows = stored.shape[0], stored.shape[1] // _FACE_ROW
    bits = np.ascontiguousarray(stored).view(np.uint32).reshape(n, rows, _FACE_ROW)
    shared, datum = formats._bfp_host_encode(bits, formats.BFP_MAG_BITS[fmt])
    exps = np.zeros((n, exponent_bytes(tile)), np.uint8)
    exps[:, :rows] = shared
    d = datum.reshape(n, -1)
    if fmt == DataFormat.Bfp4_b:
        d = d[:, 0::2] | (d[:, 1::2] << 4)
    return np.concatenate([exps, d], axis=1)


def unpack_bfp(tile_bytes: np.ndarray, fmt: DataFormat, tile: Tile, padded) -> np.ndarray:
    """Block-float tile bytes (n_tiles, tile size) -> float32 values of the padded shape (the host's
    convert_bfp_to_u32 through tensix.device.formats)."""
    raw = np.asarray(tile_bytes, np.uint8).reshape(-1, tile.get_tile_size(_dtype_of(fmt)))
    n, hw = raw.shape[0], tile.tile_shape[0] * tile.tile_shape[1]
    rows, eb = hw // _FACE_ROW, exponent_bytes(tile)
    shared = raw[:, :rows][..., None]
    body = raw[:, eb:]
    if fmt == DataFormat.Bfp4_b:
        datum = np.empty((n, hw), np.uint8)
        datum[:, 0::2] = body & 15
        datum[:, 1::2] = body >> 4
    else:
        datum = body
    bits = formats._bfp_host_decode(datum.reshape(n, rows, _FACE_ROW), shared, formats.BFP_MAG_BITS[fmt])
    return untilize(np.ascontiguousarray(bits.reshape(n, hw).astype(np.uint32)).view(np.float32), padded, tile)


def _dtype_of(fmt: DataFormat):
    from tensix.ttnn.types import DataType
    return DataType.BFLOAT8_B if fmt == DataFormat.Bfp8_b else DataType.BFLOAT4_B
