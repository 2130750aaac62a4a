"""Golden functions of the host/device and conversion ops (tt-metal 622c6fb9 ttnn/ttnn/operations/core.py): all
identities but to_torch's, which squeezes leading 1s down to `torch_rank`."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _identity(tensor, *args, **kwargs):
    return tensor


def _to_torch(tensor, *, torch_rank=None, **kwargs):
    if torch_rank is None:
        return tensor
    while len(tensor.shape) > torch_rank:
        if tensor.shape[0] != 1:
            raise RuntimeError("ttnn: Unable to squeeze to desired rank!")
        tensor = tensor.squeeze(0)
    return tensor


for _name in ("from_torch", "to_device", "from_device", "to_memory_config", "to_layout", "to_dtype", "typecast",
              "clone", "reallocate"):
    attach_golden_function(_name, _identity)
attach_golden_function("to_torch", _to_torch)
