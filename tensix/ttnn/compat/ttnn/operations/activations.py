"""Golden functions of fused activations (tt-metal 622c6fb9 ttnn/ttnn/operations/activations.py):
`get_golden_function_for_activation(activation)` for an activation given as a string ("relu", "gelu_approx"), a
UnaryWithParam or a UnaryOpType."""

from __future__ import annotations

# UnaryOpType name -> torch function name (torch.nn.functional unless prefixed "torch.")
_BY_OP_TYPE = {"RELU": "relu", "RELU6": "relu6", "SILU": "silu", "MISH": "mish", "SIGMOID": "sigmoid",
               "HARDSIGMOID": "hardsigmoid", "TANH": "tanh", "LOG": "torch.log", "SOFTPLUS": "softplus",
               "GELU": "gelu", "SQRT": "torch.sqrt"}


def _torch_function(path):
    import torch
    if path.startswith("torch."):
        return getattr(torch, path[6:])
    return getattr(torch.nn.functional, path)


def get_golden_function_for_activation(activation):
    """The torch function of a fused activation, or None for None. Strings name a ttnn op ("_approx" dropped) whose
    golden function is used; a UnaryWithParam stands for its op_type; a UnaryOpType maps to torch's function (the
    ones ttnn lists; others raise RuntimeError as ttnn's)."""
    if activation is None:
        return None
    if isinstance(activation, str):
        from tensix.ttnn.compat.ttnn.decorators import get_golden_function, has_golden_function
        name = activation[: -len("_approx")] if activation.endswith("_approx") else activation
        if not has_golden_function(name):
            raise RuntimeError(f"Unsupported activation: {activation}")
        return get_golden_function(name)
    op_type = getattr(activation, "op_type", activation)
    name = getattr(op_type, "name", None)
    if name is None or type(op_type).__name__ != "UnaryOpType":
        raise RuntimeError(f"{activation} is not supported as activation function")
    if name not in _BY_OP_TYPE:
        raise RuntimeError(f"{op_type} is not supported as activation function")
    return _torch_function(_BY_OP_TYPE[name])
