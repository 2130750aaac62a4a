"""MLIR's dialect resources: the blobs behind `dense_resource<key>` (torch-mlir's weights).

A module printed by MLIR ends in a metadata block
    {-#
      dialect_resources: { builtin: { torch_tensor_64_128_torch.float32: "0x04000000<data>" } }
    #-}
Each blob is hex: a little-endian u32 alignment, then the elements packed in the tensor's element type
(mlir/lib/AsmParser/Parser.cpp parseResourceHandle / DenseResourceElementsAttr; AsmPrinter.cpp printResourceBlob).

tensix reads the block itself before xDSL parses the module (xDSL keeps one process-wide store per dialect, and a
second module reusing a key would read the first module's data): each blob goes into this module's process-wide
table, a key whose blob differs from the one already stored is renamed (`key_1`, ...) in the text, and the block is
blanked out with its newlines kept, so line numbers do not move. `array(attr)` gives a dense_resource's elements
as numpy; the printer writes the block back for the keys a module uses."""

from __future__ import annotations

import re

import numpy as np
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, Float64Type, IntegerType

from tensix.mlir.errors import MLIRError

_BLOBS: dict[str, str] = {}
_BLOCK = re.compile(r"\{-#(.*?)#-\}", re.S)
_ENTRY = re.compile(r"([A-Za-z_][\w.$-]*|\"[^\"]*\")\s*:\s*\"(0x[0-9A-Fa-f]*)\"")
_BUILTIN = re.compile(r"builtin\s*:\s*\{", re.S)


def extract(text: str) -> str:
    """Register the builtin dialect's resource blobs of `text`; return the text without its metadata block (and
    with keys renamed where another module already used the same key for other data)."""
    _reset_xdsl_store()
    m = _BLOCK.search(text)
    if m is None:
        return text
    body = m.group(1)
    renames: dict[str, str] = {}
    b = _BUILTIN.search(body)
    if b is not None:
        for key, blob in _ENTRY.findall(body[b.end():]):
            key = key.strip('"')
            new = key
            n = 0
            while new in _BLOBS and _BLOBS[new] != blob:
                n += 1
                new = f"{key}_{n}"
            _BLOBS[new] = blob
            if new != key:
                renames[key] = new
    blank = re.sub(r"[^\n]", " ", m.group(0))
    text = text[: m.start()] + blank + text[m.end():]
    for old, new in renames.items():
        text = re.sub(r"dense_resource<\s*" + re.escape(old) + r"\s*>", f"dense_resource<{new}>", text)
    return text


def _reset_xdsl_store() -> None:
    """xDSL's builtin dialect declares every dense_resource key it parses in one process-wide store and renames a
    key already there (`key_0`); tensix keeps the blobs itself, so the store starts empty for each parse."""
    from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
    from xdsl.dialects.builtin import Builtin

    interface = Builtin.get_interface(OpAsmDialectInterface)
    if interface is not None:
        interface._blob_storage.clear()


def blob(key: str) -> str | None:
    return _BLOBS.get(key)


def _np_dtype(element_type):
    if isinstance(element_type, Float32Type):
        return np.dtype("<f4")
    if isinstance(element_type, Float64Type):
        return np.dtype("<f8")
    if isinstance(element_type, Float16Type):
        return np.dtype("<f2")
    if isinstance(element_type, BFloat16Type):
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    if isinstance(element_type, IntegerType) and element_type.width.data in (8, 16, 32, 64):
        return np.dtype(f"<i{element_type.width.data // 8}")
    return None


def array(attr, where: str = "") -> np.ndarray:
    """The elements of a `dense_resource<key> : tensor<...>` as a numpy array of the tensor's shape."""
    key = attr.resource_handle.data
    ty = attr.type
    data = _BLOBS.get(key)
    if not data:
        why = ("the module was printed with large elements elided" if key == "__elided__" else
               "the module has no {-# dialect_resources #-} entry for it")
        raise MLIRError(f"{where}dense_resource<{key}> has no data: {why}.\nFix: print the module in full "
                        f"(str(module), not get_asm(large_elements_limit=...)) so its resource blobs are kept.")
    dtype = _np_dtype(ty.element_type)
    if dtype is None:
        raise MLIRError(f"{where}dense_resource<{key}>: element type {ty.element_type} is not read by tensix "
                        f"(f32, f64, f16, bf16 and i8..i64 are).")
    raw = bytes.fromhex(data[2:])
    shape = tuple(ty.get_shape())
    want = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    if len(raw) - 4 != want:
        raise MLIRError(f"{where}dense_resource<{key}> holds {len(raw) - 4} bytes after its 4-byte alignment, "
                        f"but {ty} needs {want}.\nFix: the blob and the tensor type must agree.")
    return np.frombuffer(raw, dtype=dtype, offset=4).reshape(shape).copy()


def block(keys) -> str:
    """The `{-# dialect_resources #-}` block MLIR prints after a module for the given keys ('' if none)."""
    entries = [f"      {k}: \"{_BLOBS[k]}\"" for k in keys if _BLOBS.get(k)]
    if not entries:
        return ""
    return "\n{-#\n  dialect_resources: {\n    builtin: {\n" + ",\n".join(entries) + "\n    }\n  }\n#-}\n"


__all__ = ["extract", "array", "block", "blob"]
