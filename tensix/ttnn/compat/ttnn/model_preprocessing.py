"""`ttnn.model_preprocessing` as ttnn's Python package has it (tt-metal 622c6fb9 ttnn/ttnn/model_preprocessing.py, same
in the 0.81.1 wheel): a torch model's parameters converted to ttnn tensors, module by module, into a ParameterDict
(dot access) / ParameterList tree, optionally moved to a device.

- preprocess_linear_weight (weight.T, contiguous, to a TILE tensor), preprocess_linear_bias (reshaped to [1, N]),
  preprocess_layernorm_parameter ([1, N]), preprocess_embedding_weight (ROW_MAJOR), fold_batch_norm2d_into_conv2d.
- convert_torch_model_to_ttnn_model: a ModuleList becomes a ParameterList; a custom preprocessor (model, name[,
  ttnn_module_args][, convert_to_ttnn]) wins when it returns something; else the default preprocessor (Linear,
  LayerNorm, Embedding, bfloat16) must convert all of a module's children and parameters, or each direct parameter
  goes through ttnn.from_torch with ttnn's torch-dtype table; modules not converted keep torch tensors (Linear's
  weight transposed); then the children, by name (digits as ints).
- preprocess_model / preprocess_model_parameters: initialize_model(), eval mode, the conversion, move_to_device.

Not modelled (NotModelledError): run_model (ttnn_module_args inferred by ttnn's torch tracer and turned into
ttnn.Conv2d / MaxPool2d modules) and the on-disk model cache (model_name with ttnn.CONFIG.enable_model_cache:
ttnn.dump_tensor / load_tensor files). torch is imported when a function needs it (tensix's core runs without it)."""

from __future__ import annotations

import inspect
import io

from tensix.errors import NotModelledError

__all__ = []


def _ttnn():
    import tensix.ttnn.compat.ttnn as facade        # what `import ttnn` gives under tensix run / the pytest plugin
    return facade


def _torch():
    try:
        import torch
    except ImportError:
        raise ImportError("Torch is not installed. Model preprocessing functions require torch to be installed.") \
            from None
    return torch


# ------------------------------------------------------------------------------------------ parameter converters
def preprocess_linear_weight(weight, *, dtype, layout=None, weights_mesh_mapper=None):
    """A torch Linear weight [out, in] as the ttnn matmul operand [in, out]."""
    ttnn = _ttnn()
    return ttnn.from_torch(weight.T.contiguous(), dtype=dtype, layout=ttnn.TILE_LAYOUT if layout is None else layout,
                           mesh_mapper=weights_mesh_mapper)


def preprocess_linear_bias(bias, *, dtype, layout=None, weights_mesh_mapper=None):
    """A torch Linear bias [N] as a [1, N] ttnn tensor (a row broadcast over the matmul's rows)."""
    ttnn = _ttnn()
    return ttnn.from_torch(bias.reshape((1, -1)), dtype=dtype, layout=ttnn.TILE_LAYOUT if layout is None else layout,
                           mesh_mapper=weights_mesh_mapper)


def preprocess_layernorm_parameter(parameter, *, dtype, layout=None):
    ttnn = _ttnn()
    return ttnn.from_torch(parameter.reshape((1, -1)), dtype=dtype,
                           layout=ttnn.TILE_LAYOUT if layout is None else layout)


def preprocess_embedding_weight(weight, *, dtype):
    return _ttnn().from_torch(weight, dtype=dtype)


def fold_batch_norm2d_into_conv2d(conv, bn):
    """Conv2d weight and bias with an eval-mode BatchNorm2d folded in: w * gamma / sqrt(var + eps) per output channel,
    b' = (b - mean) * gamma / sqrt(var + eps) + beta (b = 0 without a conv bias)."""
    torch = _torch()
    if not bn.track_running_stats:
        raise RuntimeError("BatchNorm2d must have track_running_stats=True to be folded into Conv2d")
    factor = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    weight = conv.weight * factor[:, None, None, None]
    if conv.bias is not None:
        bias = (conv.bias - bn.running_mean) * factor + bn.bias
    else:
        bias = bn.bias - bn.running_mean * factor
    return weight, bias


# ------------------------------------------------------------------------------------------------ containers
class ParameterList(list):
    """The parameters of a ModuleList's children, by index."""

    def __repr__(self):
        out = io.StringIO()
        repr_parameters(out, self)
        return out.getvalue()

    def __contains__(self, index) -> bool:
        return index < len(self)


class ParameterDict(dict):
    """A dict whose keys are also attributes (`parameters.child.weight`)."""

    __getattr__ = dict.__getitem__
    __delattr__ = dict.__delitem__

    def __repr__(self):
        out = io.StringIO()
        repr_parameters(out, self)
        return out.getvalue()


class ModuleArgs(dict):
    """Arguments of a ttnn module inferred from a traced torch model (not produced by tensix: run_model is refused)."""


class Conv2dArgs(ModuleArgs):
    def __repr__(self):
        return f"Conv2dArgs({dict.__repr__(self)})"


class ConvTranspose2dArgs(ModuleArgs):
    def __repr__(self):
        return f"ConvTranspose2dArgs({dict.__repr__(self)})"


class MaxPool2dArgs(ModuleArgs):
    def __repr__(self):
        return f"MaxPool2dArgs({dict.__repr__(self)})"


class GroupNormArgs(ModuleArgs):
    def __repr__(self):
        return f"GroupNormArgs({dict.__repr__(self)})"


def make_parameter_dict(dictionary) -> ParameterDict:
    """A dict (nested dicts too, but not ModuleArgs) as a ParameterDict."""
    if isinstance(dictionary, ParameterDict):
        return dictionary
    return ParameterDict({k: make_parameter_dict(v) if isinstance(v, dict) and not isinstance(v, ModuleArgs) else v
                          for k, v in dictionary.items()})


def repr_parameters(file, parameters, indentation=""):
    """The parameter tree, indented two spaces a level; tensors as their shape, layout and dtype."""
    ttnn = _ttnn()
    inner = indentation + "  "

    def block(items, opening, closing, show):
        if not items:
            file.write(opening + closing)
            return
        file.write(opening + "\n")
        for i, item in enumerate(items):
            file.write(inner)
            show(item)
            file.write(",\n" if i < len(items) - 1 else "\n")
        file.write(indentation + closing)

    if isinstance(parameters, ParameterDict):
        def show(kv):
            file.write(f"{kv[0]}: ")
            repr_parameters(file, kv[1], inner)
        block(list(parameters.items()), "{", "}", show)
    elif isinstance(parameters, ParameterList):
        block(list(parameters), "[", "]", lambda v: repr_parameters(file, v, inner))
    elif isinstance(parameters, ttnn.Tensor):
        file.write(f"ttnn.Tensor(shape={parameters.shape}, layout={parameters.layout}, dtype={parameters.dtype})")
    elif type(parameters).__module__.startswith("torch") and hasattr(parameters, "dtype"):
        file.write(f"torch.Tensor(shape={parameters.shape}, dtype={parameters.dtype})")
    elif isinstance(parameters, ModuleArgs):
        block(list(parameters.items()), "{", "}", lambda kv: file.write(f"{kv[0]}: {kv[1]}"))
    else:
        file.write(repr(parameters))


# ---------------------------------------------------------------------------------------------- conversion
def default_preprocessor(model, name, ttnn_module_args) -> ParameterDict:
    """Linear (weight, bias), LayerNorm (weight, bias) and Embedding (weight) as bfloat16 ttnn tensors."""
    torch, ttnn = _torch(), _ttnn()
    out = {}
    if isinstance(model, torch.nn.Linear):
        out["weight"] = preprocess_linear_weight(model.weight, dtype=ttnn.bfloat16)
        if model.bias is not None:
            out["bias"] = preprocess_linear_bias(model.bias, dtype=ttnn.bfloat16)
    elif isinstance(model, torch.nn.LayerNorm):
        out["weight"] = preprocess_layernorm_parameter(model.weight, dtype=ttnn.bfloat16)
        out["bias"] = preprocess_layernorm_parameter(model.bias, dtype=ttnn.bfloat16)
    elif isinstance(model, torch.nn.Embedding):
        out["weight"] = preprocess_embedding_weight(model.weight, dtype=ttnn.bfloat16)
    return make_parameter_dict(out)


class _TorchDtypeTable(dict):
    """ttnn's torch_dtype_to_ttnn_dtype (every float becomes bfloat16; int64 uint32; int16 uint16), built on first
    use so that importing this module needs no torch. ttnn.int8 is not a tensix dtype: int8 parameters raise."""

    def _fill(self):
        if not dict.__len__(self):
            torch, ttnn = _torch(), _ttnn()
            self.update({torch.uint8: ttnn.uint8, torch.int16: ttnn.uint16, torch.int32: ttnn.int32,
                         torch.int64: ttnn.uint32, torch.bfloat16: ttnn.bfloat16, torch.float32: ttnn.bfloat16,
                         torch.float64: ttnn.bfloat16})

    def __getitem__(self, key):
        self._fill()
        if not dict.__contains__(self, key):
            raise NotModelledError(f"model_preprocessing: a parameter of torch dtype {key} (ttnn.int8) is not modelled "
                                   "by tensix.ttnn.\nFix: convert the parameter to another dtype first.")
        return dict.__getitem__(self, key)

    def __contains__(self, key):
        self._fill()
        return dict.__contains__(self, key)


torch_dtype_to_ttnn_dtype = _TorchDtypeTable()


def _direct_parameters(model):
    return [(n, p) for n, p in model.named_parameters() if "." not in n]


def convert_torch_model_to_ttnn_model(model, *, convert_to_ttnn, custom_preprocessor, name, ttnn_module_args):
    """The parameter tree of `model` (see the module docstring for the rules, which are ttnn's)."""
    torch, ttnn = _torch(), _ttnn()
    if isinstance(model, torch.nn.ModuleList):
        return ParameterList(
            convert_torch_model_to_ttnn_model(child, convert_to_ttnn=convert_to_ttnn,
                                              custom_preprocessor=custom_preprocessor,
                                              name=f"{name}.{i}" if name else f"{i}",
                                              ttnn_module_args=None if ttnn_module_args is None else ttnn_module_args[i])
            for i, child in enumerate(model.children()))

    if custom_preprocessor is not None:
        params = list(inspect.signature(custom_preprocessor).parameters)
        if len(params) < 2:
            raise RuntimeError("Custom preprocessor must have at least two parameters: model and name")
        extra = [p for p in params[2:] if p not in ("ttnn_module_args", "convert_to_ttnn")]
        if extra:
            raise RuntimeError(f"Unsupported parameter: {extra[0]}")
        kwargs = {}
        if "ttnn_module_args" in params:
            kwargs["ttnn_module_args"] = ttnn_module_args
        if "convert_to_ttnn" in params:
            kwargs["convert_to_ttnn"] = convert_to_ttnn
        custom = custom_preprocessor(model, name, **kwargs)
        if custom:
            return make_parameter_dict(custom)

    children = list(model.named_children())
    direct = _direct_parameters(model)
    parameters = make_parameter_dict({})
    if convert_to_ttnn(model, name):
        converted = default_preprocessor(model, name, ttnn_module_args)
        if converted:
            if len(converted) != len(children) + len(direct):
                raise RuntimeError("Not all children or parameters were converted using default_preprocessor_parameters!")
            return make_parameter_dict(converted)
        for pname, p in direct:
            parameters[pname] = ttnn.from_torch(p, dtype=torch_dtype_to_ttnn_dtype[p.dtype])
    elif isinstance(model, torch.nn.Linear):
        parameters = {"weight": model.weight.T.contiguous()}
        if model.bias is not None:
            parameters["bias"] = model.bias
    else:
        for pname, p in direct:
            parameters[pname] = p

    if not children:
        return make_parameter_dict(parameters)
    for cname, child in children:
        key = int(cname) if cname.isdigit() else cname
        sub = convert_torch_model_to_ttnn_model(
            child, convert_to_ttnn=convert_to_ttnn, custom_preprocessor=custom_preprocessor,
            name=f"{name}.{key}" if name else key,
            ttnn_module_args=None if ttnn_module_args is None else ttnn_module_args.get(key, None))
        if sub:
            parameters[key] = sub
    return parameters


def preprocess_remaining_children_and_parameters(model, name, convert_to_ttnn, custom_preprocessor, parameters,
                                                 ttnn_module_args, *, already_preprocessed_children):
    """For a custom preprocessor that handled some children itself: convert the others into `parameters`."""
    for cname, child in tuple(model.named_children()) + tuple(_direct_parameters(model)):
        if cname in already_preprocessed_children:
            continue
        parameters[cname] = convert_torch_model_to_ttnn_model(child, name=name, convert_to_ttnn=convert_to_ttnn,
                                                              custom_preprocessor=custom_preprocessor,
                                                              ttnn_module_args=ttnn_module_args.get(cname, None))
    return parameters


def move_to_device(object, device):
    """Every ttnn tensor of a parameter tree onto `device` (in place for the containers)."""
    ttnn = _ttnn()
    if isinstance(object, ParameterDict):
        for k, v in list(object.items()):
            object[k] = move_to_device(v, device)
        return object
    if isinstance(object, ParameterList):
        for i, v in enumerate(object):
            object[i] = move_to_device(v, device)
        return object
    if isinstance(object, ttnn.Tensor):
        return ttnn.to_device(object, device)
    return object


def infer_ttnn_module_args(*, model, run_model, device):
    if run_model is None:
        return None
    raise NotModelledError("model_preprocessing: run_model (ttnn_module_args inferred by ttnn's torch tracer, for "
                           "ttnn.Conv2d / MaxPool2d modules) is not modelled by tensix.ttnn.\nFix: omit run_model.")


def from_torch(*, model_name=None, version=None, initialize_model=None, convert_to_ttnn=None, custom_preprocessor=None,
               device=None, prefix="", run_model=None, reader_patterns_cache=None):
    """ttnn.model_preprocessing.from_torch: preprocess_model without the config guard (see preprocess_model)."""
    ttnn = _ttnn()
    config = getattr(ttnn, "CONFIG", None)
    if model_name is not None and getattr(config, "enable_model_cache", False):
        raise NotModelledError("model_preprocessing: the model cache (model_name with ttnn.CONFIG.enable_model_cache: "
                               "parameters dumped with ttnn.dump_tensor) is not modelled by tensix.ttnn.\nFix: leave "
                               "enable_model_cache off (model_name is then ignored, as in ttnn).")
    if convert_to_ttnn is None:
        def convert_to_ttnn(model, full_name):
            return True
    if initialize_model is None:
        raise RuntimeError(f'Cached weights for the model {model_name} (version "{version}") don\'t exist')
    model = initialize_model()
    if model.training:
        model.eval()
    module_args = infer_ttnn_module_args(model=model, run_model=run_model, device=device)
    parameters = make_parameter_dict(convert_torch_model_to_ttnn_model(
        model, convert_to_ttnn=convert_to_ttnn, custom_preprocessor=custom_preprocessor,
        name=prefix if prefix is not None else "", ttnn_module_args=module_args))
    if device is not None:
        parameters = move_to_device(parameters, device)
    return parameters


def preprocess_model(*, model_name=None, version=None, initialize_model=None, convert_to_ttnn=None,
                     custom_preprocessor=None, device=None, prefix="", run_model=None, reader_patterns_cache=None):
    """preprocess_model(initialize_model=..., convert_to_ttnn=None, custom_preprocessor=None, device=None, prefix=""):
    the model's parameters (and, in ttnn, its traced modules) as a ParameterDict, on `device` if given."""
    return from_torch(model_name=model_name, version=version, initialize_model=initialize_model,
                      convert_to_ttnn=convert_to_ttnn, custom_preprocessor=custom_preprocessor, device=device,
                      prefix=prefix, run_model=run_model, reader_patterns_cache=reader_patterns_cache)


def preprocess_model_parameters(*, model_name=None, version=None, initialize_model=None, convert_to_ttnn=None,
                                custom_preprocessor=None, device=None, prefix=""):
    """preprocess_model_parameters(initialize_model=..., ...): preprocess_model without run_model."""
    return preprocess_model(model_name=model_name, version=version, initialize_model=initialize_model,
                            convert_to_ttnn=convert_to_ttnn, custom_preprocessor=custom_preprocessor, device=device,
                            prefix=prefix, run_model=None, reader_patterns_cache=None)
