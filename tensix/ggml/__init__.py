"""GGML semantics on tensix: RoPE as GGML's CPU backend computes it (the reference), and later on
the simulated device.

The data path: :func:`rope_ext` validates its arguments like GGML's asserts, builds GGML's
per-token cos/sin cache (:func:`rope_cache`) and rotates pairs of each head with it.
"""

from tensix.ggml.rope import (
    MODE_NAMES,
    ROPE_TYPE_IMROPE,
    ROPE_TYPE_MROPE,
    ROPE_TYPE_NEOX,
    ROPE_TYPE_NORMAL,
    ROPE_TYPE_VISION,
    VARIANTS,
    GgmlError,
    RopeArgumentError,
    rope_cache,
    rope_ext,
    rope_yarn_corr_dims,
)

__all__ = [
    "rope_ext",
    "rope_cache",
    "rope_yarn_corr_dims",
    "ROPE_TYPE_NORMAL",
    "ROPE_TYPE_NEOX",
    "ROPE_TYPE_MROPE",
    "ROPE_TYPE_VISION",
    "ROPE_TYPE_IMROPE",
    "MODE_NAMES",
    "VARIANTS",
    "GgmlError",
    "RopeArgumentError",
]
