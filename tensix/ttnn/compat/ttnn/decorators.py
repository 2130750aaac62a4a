"""ttnn.decorators' golden-function registry (tt-metal 622c6fb9 ttnn/ttnn/decorators.py: attach_golden_function,
get_golden_function, get_fallback_function), keyed by op name.

In ttnn every op is a FastOperation that carries its golden function (a torch implementation used by the tests as
the reference). tensix's ops are plain functions written by different op families, so the registry is kept here,
by the op's ttnn name ("add", "experimental.rotary_embedding"); an op is found by name whether or not tensix runs
it yet. The golden functions themselves are in this package's `operations` modules, one per ttnn module."""

from __future__ import annotations

import types

_GOLDEN: dict[str, object] = {}
_PRE: dict[str, object] = {}
_POST: dict[str, object] = {}


def _namespaces():
    """(prefix, namespace) pairs where ttnn ops live: ttnn itself and ttnn.experimental."""
    import tensix.ttnn as tt
    from tensix.ttnn.compat import ttnn as facade
    out = [("", facade), ("", tt)]
    exp = getattr(facade, "experimental", None)
    if exp is not None:
        out.append(("experimental.", exp))
    return out


def operation_name(operation) -> str:
    """The ttnn name of an op: a string as given ("ttnn." dropped), an object's python_fully_qualified_name, or the
    name under which ttnn (or ttnn.experimental) holds it, preferring a name with a golden function (ttnn.sub is
    ttnn.subtract: "subtract")."""
    if isinstance(operation, str):
        return operation[5:] if operation.startswith("ttnn.") else operation
    fq = getattr(operation, "python_fully_qualified_name", None)
    if isinstance(fq, str):
        return operation_name(fq)
    found = []
    for prefix, ns in _namespaces():
        names = ns.__dict__ if isinstance(ns, types.ModuleType) else {n: getattr(ns, n) for n in dir(ns)}
        for name, value in list(names.items()):
            if value is operation and not name.startswith("_"):
                found.append(prefix + name)
    for name in found:
        if name in _GOLDEN:
            return name
    if found:
        return found[0]
    return getattr(operation, "__name__", repr(operation))


def attach_golden_function(operation, golden_function, preprocess_golden_function_inputs=None,
                           postprocess_golden_function_outputs=None):
    """Register `golden_function` as the torch reference of `operation` (an op or its ttnn name)."""
    name = operation_name(operation)
    _GOLDEN[name] = golden_function
    if preprocess_golden_function_inputs is not None:
        _PRE[name] = preprocess_golden_function_inputs
    if postprocess_golden_function_outputs is not None:
        _POST[name] = postprocess_golden_function_outputs
    return operation


def get_golden_function(operation):
    """The torch reference of a ttnn op (ttnn.get_golden_function(ttnn.exp) -> a function of torch tensors).
    RuntimeError as ttnn's when the op has none."""
    if not isinstance(operation, str):
        own = getattr(operation, "golden_function", None)     # ttnn: operation.golden_function
        if own is not None:
            return own
    name = operation_name(operation)
    fn = _GOLDEN.get(name)
    if fn is None:
        raise RuntimeError(f"{operation} does not have a golden function")
    return fn


def has_golden_function(operation) -> bool:
    return operation_name(operation) in _GOLDEN


def golden_function_names() -> list[str]:
    return sorted(_GOLDEN)


def _default_preprocess(args, kwargs):
    """ttnn's default_preprocess_golden_function_inputs: every ttnn.Tensor argument becomes a torch tensor."""
    from tensix.ttnn import core
    from tensix.ttnn.tensor import Tensor

    def conv(v):
        if isinstance(v, Tensor):
            return core.to_torch(v)
        if isinstance(v, (list, tuple)):
            return type(v)(conv(x) for x in v)
        return v
    return tuple(conv(a) for a in args), {k: conv(v) for k, v in kwargs.items()}


def _default_postprocess(output, args, kwargs):
    """ttnn's default_postprocess_golden_function_outputs: a torch result back to a ttnn tensor with the first
    input tensor's dtype, layout and device."""
    from tensix.ttnn import core
    from tensix.ttnn.tensor import Tensor
    first = next((a for a in list(args) + list(kwargs.values()) if isinstance(a, Tensor)), None)
    if first is None or not hasattr(output, "detach"):
        return output
    return core.from_torch(output, dtype=first.dtype, layout=first.layout, device=first.device(),
                           memory_config=first.memory_config() if first.device() is not None else None)


def get_fallback_function(operation):
    """The op computed by its golden function on the host (ttnn's fallback): ttnn tensors in, ttnn tensors out."""
    name = operation_name(operation)
    golden = get_golden_function(operation)

    def fallback(*args, **kwargs):
        a, k = _PRE.get(name, _default_preprocess)(args, kwargs)
        return _POST.get(name, _default_postprocess)(golden(*a, **k), args, kwargs)

    return fallback


def register_python_operation(*, name, is_method=False, golden_function=None, preprocess_golden_function_inputs=None,
                              postprocess_golden_function_outputs=None, doc=None, **kwargs):
    """ttnn.register_python_operation: a decorator registering a Python-level op (and its golden function)."""
    def wrap(function):
        if golden_function is not None:
            attach_golden_function(name, golden_function, preprocess_golden_function_inputs,
                                   postprocess_golden_function_outputs)
        function.python_fully_qualified_name = name
        return function
    return wrap


def expose_golden_attributes() -> None:
    """Give each tensix.ttnn op with a registered golden function the `golden_function` attribute that ttnn's operation
    objects carry (tt-metal's tests read `ttnn.sigmoid.golden_function` directly)."""
    import tensix.ttnn as tt
    for name, fn in _GOLDEN.items():
        ns, _, leaf = name.rpartition(".")
        owner = tt if not ns else getattr(tt, ns, None)
        op = getattr(owner, leaf, None) if owner is not None else None
        if isinstance(op, types.FunctionType) and getattr(op, "golden_function", None) is None:
            op.golden_function = fn
