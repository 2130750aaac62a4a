"""Golden functions of the element-wise unary ops (tt-metal 622c6fb9 ttnn/ttnn/operations/unary.py, and
unary_complex.py whose plain torch.reciprocal golden is the one ttnn ends up with for ttnn.reciprocal: that module is
loaded after unary.py and re-attaches it)."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _cbrt(x):
    import torch
    return torch.sgn(x) * torch.pow(torch.abs(x), 1.0 / 3)


def _multigammaln(x):
    import torch
    out = torch.lgamma(x)
    for k in (0.5, 1.0, 1.5):
        out += torch.lgamma(x - k)
    return out + 3.434189657547


def _hardmish(x):
    """x * clamp(x/2 + 1, 0, 1) in float32; for bfloat16 the result's low 16 bits are dropped (SFPSTORE truncates)."""
    import torch
    y = x.to(torch.float32)
    y = y * torch.clamp(y * 0.5 + 1.0, min=0.0, max=1.0)
    if x.dtype == torch.bfloat16:
        return torch.bitwise_right_shift(y.view(torch.int32), 16).to(torch.int16).view(torch.bfloat16)
    return y


def _alt_complex_rotate90(x):
    """ttnn's golden: the last dim as (re, im) pairs, each becoming (-im, re)."""
    pairs = x.reshape(*x.shape[:-1], -1, 2)
    re, im = pairs.chunk(2, dim=-1)
    return _t().cat([-im, re], dim=-1).flatten(-2)


# op name -> torch function path ("F." is torch.nn.functional) or a function of x
_TABLE = {
    "abs": "abs", "atan": "atan", "cos": "cos", "erfinv": "erfinv", "exp2": "exp2", "expm1": "expm1",
    "floor": "floor", "ceil": "ceil", "i0": "i0", "identity": "clone", "isfinite": "isfinite", "isinf": "isinf",
    "isnan": "isnan", "isneginf": "isneginf", "isposinf": "isposinf", "log": "log", "log10": "log10", "log2": "log2",
    "log_sigmoid": "F.logsigmoid", "logical_not": "logical_not", "neg": "neg", "relu": "relu", "relu6": "F.relu6",
    "sigmoid": "sigmoid", "sign": "sign", "signbit": "signbit", "silu": "F.silu", "sin": "sin", "sqrt": "sqrt",
    "square": "square", "tan": "tan", "tanh": "tanh", "exp": "exp", "erf": "erf", "erfc": "erfc", "gelu": "F.gelu",
    "rsqrt": "rsqrt", "softplus": "F.softplus", "sigmoid_accurate": "sigmoid", "asinh": "asinh", "cosh": "cosh",
    "deg2rad": "deg2rad", "digamma": "digamma", "hardswish": "F.hardswish", "hardsigmoid": "F.hardsigmoid",
    "lgamma": "lgamma", "log1p": "log1p", "rad2deg": "rad2deg", "sinh": "sinh", "softsign": "F.softsign",
    "swish": "F.silu", "tril": "tril", "triu": "triu", "bitwise_not": "bitwise_not",
    "eqz": lambda x: _t().eq(x, 0), "nez": lambda x: _t().ne(x, 0), "gez": lambda x: _t().ge(x, 0),
    "gtz": lambda x: _t().gt(x, 0), "lez": lambda x: _t().le(x, 0), "ltz": lambda x: _t().lt(x, 0),
    "cbrt": _cbrt, "multigammaln": _multigammaln, "hardmish": _hardmish,
    "alt_complex_rotate90": _alt_complex_rotate90,
    "mish": lambda x: _t().nn.functional.mish(x.to(_t().float)),
}


def _t():
    import torch
    return torch


def _resolve(path):
    torch = _t()
    if callable(path):
        return path
    if path.startswith("F."):
        return getattr(torch.nn.functional, path[2:])
    return getattr(torch, path)


def _unary(name):
    def golden(input_tensor, **_):
        return _resolve(_TABLE[name])(input_tensor)
    golden.__name__ = f"golden_{name}"
    return golden


for _name in _TABLE:
    attach_golden_function(_name, _unary(_name))


def _bitcast(x, dtype, **_):
    return x.view(dtype)


attach_golden_function("bitcast", _bitcast)


def _inf_outside(torch_name, bad):
    """asin/acos/acosh/atanh: on bfloat16 inputs outside the domain ttnn gives inf where torch gives nan."""
    def golden(input_tensor_a, *args, **kwargs):
        torch = _t()
        out = getattr(torch, torch_name)(input_tensor_a)
        if input_tensor_a.dtype == torch.bfloat16:
            out = out.masked_fill_(bad(input_tensor_a), float("inf"))
        return out
    return golden


attach_golden_function("asin", _inf_outside("asin", lambda x: (x < -1) | (x > 1)))
attach_golden_function("acos", _inf_outside("acos", lambda x: (x < -1) | (x > 1)))
attach_golden_function("acosh", _inf_outside("acosh", lambda x: x < 1))
attach_golden_function("atanh", _inf_outside("atanh", lambda x: (x < -1) | (x > 1)))


def _logit(input_tensor_a, *args, eps=None, **kwargs):
    """torch.special.logit; for eps > 0.5 (where torch's clamp would have lo > hi) log(x / (1 - x)) of x clamped to
    [1 - eps, eps], as ttnn's golden does."""
    torch = _t()
    if eps is not None and eps > 0.5:
        x = torch.clamp(input_tensor_a, 1.0 - eps, eps)
        return torch.log(x / (1.0 - x))
    return torch.special.logit(input_tensor_a, eps=eps)


attach_golden_function("logit", _logit)


def _xielu(x, *args, alpha_p=0.8, alpha_n=0.8, **kwargs):
    """xIELU with beta 0.5 and eps -1e-6: alpha_p x^2 + x / 2 for x > 0, else alpha_n expm1(min(x, eps)) - alpha_n x
    + x / 2; a bfloat16 input computed in float32 and converted back once (ttnn's _golden_function_xielu)."""
    torch = _t()
    dtype = x.dtype
    if dtype == torch.bfloat16:
        x = x.to(torch.float32)
    pos = alpha_p * x * x + 0.5 * x
    neg = alpha_n * torch.expm1(torch.minimum(x, torch.full_like(x, -1e-6))) - alpha_n * x + 0.5 * x
    return torch.where(x > 0, pos, neg).to(dtype)


attach_golden_function("xielu", _xielu)


def _reciprocal(input_tensor_a, *args, **kwargs):
    return _t().reciprocal(input_tensor_a)


attach_golden_function("reciprocal", _reciprocal)


def _pow(input_tensor_a, exponent, *args, **kwargs):
    return _t().pow(input_tensor_a, exponent)


def _rpow(input_tensor_a, base, *args, **kwargs):
    return _t().pow(base, input_tensor_a)


attach_golden_function("pow", _pow)
attach_golden_function("rpow", _rpow)


def _param(fn):
    return fn


@_param
def _elu(input_tensor_a, *args, alpha=1.0, **kwargs):
    return _t().nn.functional.elu(input_tensor_a, alpha=alpha)


def _celu(input_tensor_a, *args, alpha=1.0, **kwargs):
    return _t().celu(input_tensor_a, alpha=alpha)


def _hardtanh(input_tensor_a, *args, min_val=-1.0, max_val=1.0, **kwargs):
    return _t().nn.functional.hardtanh(input_tensor_a, min_val, max_val)


def _leaky_relu(input_tensor_a, *args, negative_slope=0.01, **kwargs):
    return _t().nn.functional.leaky_relu(input_tensor_a, negative_slope=negative_slope)


def _relu_min(input_tensor_a, lower_limit, *args, **kwargs):
    torch = _t()
    return torch.max(input_tensor_a, torch.tensor(lower_limit))


def _relu_max(input_tensor_a, upper_limit, *args, **kwargs):
    torch = _t()
    return torch.relu(torch.min(input_tensor_a, torch.tensor(upper_limit)))


def _heaviside(input_tensor_a, value, *args, **kwargs):
    torch = _t()
    return torch.heaviside(input_tensor_a, torch.tensor(value, dtype=input_tensor_a.dtype))


def _fill(input_tensor_a, fill_value, *args, **kwargs):
    return _t().full_like(input_tensor_a, fill_value)


def _clamp(input_tensor_a, min=None, max=None, *args, **kwargs):
    return _t().clamp(input_tensor_a, min, max)


def _clip(input_tensor_a, min=None, max=None, *args, **kwargs):
    return _t().clip(input_tensor_a, min, max)


def _round(input_tensor_a, decimals=None, *args, **kwargs):
    torch = _t()
    if decimals is None:
        return torch.round(input=input_tensor_a)
    return torch.round(input=input_tensor_a, decimals=decimals)


def _selu(input_tensor_a, *args, **kwargs):
    return _t().nn.functional.selu(input_tensor_a)


def _tanhshrink(input_tensor_a, *args, **kwargs):
    return _t().nn.functional.tanhshrink(input=input_tensor_a)


def _threshold(input_tensor_a, threshold, value, *args, **kwargs):
    return _t().threshold(input_tensor_a, threshold, value)


def _trunc(input_tensor_a, *args, **kwargs):
    return _t().trunc(input=input_tensor_a)


def _frac(input_tensor_a, *args, **kwargs):
    return _t().frac(input_tensor_a)


def _rsub(input_tensor_a, value, *args, **kwargs):
    return _t().sub(value, input_tensor_a)


def _rdiv(input_tensor_a, value, *args, rounding_mode=None, **kwargs):
    torch = _t()
    return torch.div(torch.full_like(input_tensor_a, value), input_tensor_a, rounding_mode=rounding_mode)


def _hardshrink(input_tensor_a, *args, lambd=0.5, **kwargs):
    return _t().nn.functional.hardshrink(input_tensor_a, lambd=lambd)


def _softshrink(input_tensor_a, *args, lambd=0.5, **kwargs):
    return _t().nn.functional.softshrink(input_tensor_a, lambd=lambd)


def _polygamma(input_tensor_a, k, *args, **kwargs):
    return _t().special.polygamma(n=k, input=input_tensor_a)


for _name, _fn in (("elu", _elu), ("celu", _celu), ("hardtanh", _hardtanh), ("leaky_relu", _leaky_relu),
                   ("relu_min", _relu_min), ("relu_max", _relu_max), ("heaviside", _heaviside), ("fill", _fill),
                   ("clamp", _clamp), ("clip", _clip), ("round", _round), ("selu", _selu),
                   ("tanhshrink", _tanhshrink), ("threshold", _threshold), ("trunc", _trunc), ("frac", _frac),
                   ("rsub", _rsub), ("rdiv", _rdiv), ("hardshrink", _hardshrink), ("softshrink", _softshrink),
                   ("polygamma", _polygamma)):
    attach_golden_function(_name, _fn)


def _glu_family(gate):
    def golden(input_tensor_a, dim, *args, **kwargs):
        torch = _t()
        if gate is None:
            return torch.nn.functional.glu(input_tensor_a, dim)
        assert isinstance(dim, int), "dim must be an integer"
        assert dim in [-1, 3], "dim must be -1 or 3"
        half = input_tensor_a.size(-1) // 2
        a, b = torch.split(input_tensor_a, [half, half], dim=dim)
        return a * getattr(torch.nn.functional, gate)(b)
    return golden


for _name, _gate in (("glu", None), ("reglu", "relu"), ("geglu", "gelu"), ("swiglu", "silu")):
    attach_golden_function(_name, _glu_family(_gate))
