"""Test helper: run real GGML's RoPE (CPU backend) on numpy inputs through ggml-python.

ggml-python 0.0.45 bundles ggml 0.15.3 and binds its C API with ctypes
(/work/shared/reference/ggml_rope.md, section B.1). Install with
``pip install ggml-python==0.0.45`` (builds from source with cmake, about a minute; the default
build is native, i.e. with FMA contraction on an FMA CPU: compare with ``fma=True``).

GGML aborts the process on a failed GGML_ASSERT, so callers must pass only valid arguments
(tensix.ggml.rope_ext checks them first; the oracle tests call that first).
"""

from __future__ import annotations

import ctypes

import numpy as np

ggml = None  # the ggml-python module, imported on first use so that importing this file is cheap


def _lib():
    global ggml
    if ggml is None:
        import ggml as _g  # noqa: PLC0415 (optional dependency)

        ggml = _g
        if hasattr(_g, "ggml_cpu_init"):
            _g.ggml_cpu_init()  # fp16 tables of the CPU backend
    return ggml


def available() -> bool:
    try:
        _lib()
    except ImportError:
        return False
    return True


def _new_tensor(g, ctx, arr: np.ndarray, gtype: int):
    """A new contiguous GGML tensor holding arr (numpy shape reversed = GGML ne)."""
    ne = list(reversed(arr.shape)) + [1] * (4 - arr.ndim)
    t = g.ggml_new_tensor_4d(ctx, gtype, *ne)
    src = np.ascontiguousarray(arr)
    ctypes.memmove(g.ggml_get_data(t), src.ctypes.data, src.nbytes)
    return t


def _read(g, t, shape, dtype) -> np.ndarray:
    out = np.empty(shape, dtype)
    ctypes.memmove(out.ctypes.data, g.ggml_get_data(t), out.nbytes)
    return out


def ggml_rope(a: np.ndarray, pos: np.ndarray, freq_factors: np.ndarray | None = None, *, n_dims: int,
              mode: int, n_ctx_orig: int = 0, freq_base: float = 10000.0, freq_scale: float = 1.0,
              ext_factor: float = 0.0, attn_factor: float = 1.0, beta_fast: float = 32.0,
              beta_slow: float = 1.0, sections=None, backward: bool = False, inplace: bool = False,
              n_threads: int = 1) -> np.ndarray:
    """GGML's own result for tensix.ggml.rope_ext's arguments (same shapes and meaning).

    Uses ggml_rope_ext / ggml_rope_ext_inplace / ggml_rope_ext_back, or the ggml_rope_multi
    family when ``sections`` is given (the multi-section modes need it).
    """
    g = _lib()
    a = np.asarray(a)
    if a.dtype == np.float32:
        gtype = g.GGML_TYPE_F32
    elif a.dtype == np.float16:
        gtype = g.GGML_TYPE_F16
    else:
        raise TypeError(f"ggml oracle: a must be float32 or float16, got {a.dtype}")
    assert a.ndim in (3, 4)
    pos = np.ascontiguousarray(pos, dtype=np.int32)
    nbytes = a.nbytes * 2 + pos.nbytes + (0 if freq_factors is None else freq_factors.nbytes)
    # tensors + graph + work buffer (the rope cache: (ne0 + cache line) floats per thread)
    mem = nbytes + 8 * g.ggml_tensor_overhead() + g.ggml_graph_overhead() + (1 << 20) \
        + n_threads * (a.shape[-1] + 64) * 4
    params = g.ggml_init_params(mem_size=mem, mem_buffer=None, no_alloc=False)
    ctx = g.ggml_init(params)
    if not ctx:
        raise MemoryError("ggml_init failed")
    try:
        ta = _new_tensor(g, ctx, a, gtype)
        tb = _new_tensor(g, ctx, pos, g.GGML_TYPE_I32)
        tc = None
        if freq_factors is not None:
            tc = _new_tensor(g, ctx, np.ascontiguousarray(freq_factors, dtype=np.float32), g.GGML_TYPE_F32)
        args = (int(n_ctx_orig), float(freq_base), float(freq_scale), float(ext_factor),
                float(attn_factor), float(beta_fast), float(beta_slow))
        if sections is not None:
            sec = (ctypes.c_int * 4)(*[int(s) for s in sections])
            fn = g.ggml_rope_multi_back if backward else (
                g.ggml_rope_multi_inplace if inplace else g.ggml_rope_multi)
            out = fn(ctx, ta, tb, tc, int(n_dims), sec, int(mode), *args)
        else:
            fn = g.ggml_rope_ext_back if backward else (
                g.ggml_rope_ext_inplace if inplace else g.ggml_rope_ext)
            out = fn(ctx, ta, tb, tc, int(n_dims), int(mode), *args)
        graph = g.ggml_new_graph(ctx)
        g.ggml_build_forward_expand(graph, out)
        rc = g.ggml_graph_compute_with_ctx(ctx, graph, int(n_threads))
        if rc != 0:
            raise RuntimeError(f"ggml_graph_compute_with_ctx returned {rc}")
        return _read(g, out, a.shape, a.dtype)
    finally:
        g.ggml_free(ctx)


def ggml_yarn_corr_dims(n_dims: int, n_ctx_orig: int, freq_base: float, beta_fast: float,
                        beta_slow: float) -> tuple[float, float]:
    """GGML's own ggml_rope_yarn_corr_dims."""
    g = _lib()
    dims = (ctypes.c_float * 2)()
    g.ggml_rope_yarn_corr_dims(int(n_dims), int(n_ctx_orig), float(freq_base), float(beta_fast),
                               float(beta_slow), dims)
    return float(dims[0]), float(dims[1])
