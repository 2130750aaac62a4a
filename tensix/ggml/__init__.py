"""GGML semantics on tensix: RoPE as GGML's CPU backend computes it (the reference), and on the simulated
device.

The data path: :func:`rope_ext` validates its arguments like GGML's asserts, builds GGML's
per-token cos/sin cache (:func:`rope_cache`) and rotates pairs of each head with it. With
``device=tm.CreateDevice(0)`` it runs reader/compute/writer kernels on the simulated chip instead
(:func:`rope_device`, module tensix.ggml.rope_device; imported on first use since it pulls in the device
runtime).
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
    "rope_device",
]


def __getattr__(name):
    # rope_device imports the device runtime (tensix.metalium, tensix.kernel): load it on first use only
    if name == "rope_device":
        from tensix.ggml.rope_device import rope_device
        return rope_device
    raise AttributeError(f"module 'tensix.ggml' has no attribute {name!r}")
