"""Element-wise unary ops (ttnn.exp, log, sqrt, rsqrt, reciprocal, relu, gelu, silu, sigmoid, tanh, sin, cos, abs, neg,
square, clamp, log2, log10, hardtanh, ...) and ttnn.typecast on the device, as tt-metal 622c6fb9 runs them.

Sources (tt-metal 622c6fb9):
- ttnn/cpp/ttnn/operations/eltwise/unary/unary.cpp (unary_impl: output dtype, fp32_dest_acc_en,
  preserve_fp32_precision; which UnaryOpType chain each op is), unary/device/unary_composite_op.cpp (clamp),
  unary/device/unary_device_operation.cpp (validation, output spec, program hash), unary/common/unary_utils.cpp
  (get_worker_grid, get_shard_specs / is_native_L1_sharding) and unary_program_factory.cpp (CBs c_0 / c_2,
  reader_unary / writer_unary, eltwise_sfpu.cpp with the SFPU_OP_CHAIN_0 defines; interleaved TILE and ROW_MAJOR
  tensors split row-wise over the worker grid, or sub_core_grids range by range; natively L1-sharded tensors with
  the CBs in the shards);
- unary/common/unary_op_utils.cpp get_op_init_and_func: the compute API calls each UnaryOpType runs (with their
  template arguments), which sfpu_chain turns into calls of tensix.kernel's SFPU tile ops of the fork's kernel
  version ("622c6fb9"), and for relu6 / relu_max / relu_min / leaky_relu the relu.h kernels of
  tensix.ttnn.kernels.eltwise.relu_sfpu;
- ttnn/cpp/ttnn/operations/copy/typecast/: typecast_impl (fp32_dest_acc_en, preserve_fp32_precision,
  bfp8_pack_precise), typecast_device_op.cpp (factory choice) and typecast_program_factory.cpp
  (TypecastProgramFactory: reader/writer_unary_interleaved_start_id, eltwise_typecast.cpp, split_work_to_cores
  column-wise, kernels on the working cores only; TypecastSubgridProgramFactory for sub_core_grids) for TILE tensors.

The UnaryOpType / UnaryWithParam / SigmoidMode types are ttnn's (ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU)), also
the `activations` of the binary ops (tensix.ttnn.operations.binary).

Tiled sharded tensors off the native L1 path (one side interleaved, uneven shards, different grids, DRAM) run the
interleaved program, the reader and the writer reaching the sharded buffers' pages through TensorAccessors.

Not modelled (NotModelledError): row-major sharded tensors off the native L1 path, sharded typecast, integer inputs
of the float ops (relu_tile_int32, ...), ops whose SFPU kernel tensix does not have (unary max/min, the
binop-with-scalar ops, ...), exp's approx template (ttnn.exp(fast_and_approximate_mode=True)),
typecasts from a 32-bit Dst to bfloat8_b (float32 / int32 / uint32 -> bfloat8_b: its bfp8_pack_precise packer path
truncates to bf16 where tensix's packer model rounds), the ops' kernels on uint8 (only identity and typecast copy
UInt8 tiles) and on uint16 data in a 32-bit Dst (only typecast's kernels read it there), row-major typecast
(TypecastRowMajorChunkedProgramFactory).
"""

from __future__ import annotations

import builtins
import enum
import struct
import time

import numpy as np

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import (ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, ReaderDataMovementConfig,
                                   UnpackToDestMode,
                                   WriterDataMovementConfig)
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import BufferType, DataType, Layout, MemoryConfig, data_format, element_size

FORK = "622c6fb9"

__all__ = ["UnaryOpType", "UnaryWithParam", "EltwiseUnaryWithParam", "SigmoidMode", "string_to_unary_with_param",
           "exp", "log", "log2", "log10", "sqrt", "rsqrt", "reciprocal", "relu", "gelu", "silu", "swish", "sigmoid",
           "sigmoid_accurate", "tanh", "sin", "cos", "abs", "neg", "negative", "square", "clamp", "clip", "hardtanh",
           "unary_chain", "typecast", "relu6", "relu_max", "relu_min", "leaky_relu", "softshrink", "hardshrink",
           "celu", "elu", "threshold", "heaviside", "prelu", "prelu_sfpu", "identity", "signbit", "asin", "acos",
           "softsign", "tanhshrink", "hardswish", "cbrt", "hardmish", "mish", "hardsigmoid", "asinh", "acosh", "sign",
           "floor", "ceil", "trunc", "frac", "logical_not", "eqz", "nez", "ltz", "gtz", "gez", "lez", "isinf",
           "isposinf", "isneginf", "isnan", "isfinite", "tan", "atan", "atanh", "sinh", "cosh", "bitwise_not",
           "exp2", "expm1", "log1p", "softplus", "erf", "erfc", "erfinv", "i0", "log_sigmoid", "logit", "digamma",
           "lgamma", "polygamma", "xielu", "bitcast", "alt_complex_rotate90"]


_NAMES = """EXP RECIP GELU RELU SQRT SIGMOID LOG LOG1P TANH LOG2 LOG10 SIN COS COSH SINH ABS ABS_INT32 SIGN SQUARE EQZ NEZ
GTZ LTZ GEZ LEZ RELU_MAX RELU_MIN POWER POWER_ITERATIVE LEAKY_RELU ELU EXP2 HEAVISIDE EXPM1 SIGNBIT ASIN ACOS ACOSH RSQRT
RELU6 ATAN ASINH ATANH ERF ERFC ISINF ISPOSINF ISNEGINF ISNAN LOGICAL_NOT_UNARY ISFINITE ERFINV I0 I1 TAN RSUB RDIV SILU
SOFTPLUS IDENTITY NEG ADD_UNARY_SFPU SUB_UNARY_SFPU MUL_UNARY_SFPU DIV_UNARY_SFPU UNARY_NE UNARY_EQ UNARY_GT UNARY_LT
UNARY_GE UNARY_LE TILED_PROD TYPECAST BITCAST BITWISE_XOR BITWISE_NOT BITWISE_AND BITWISE_OR RIGHT_SHIFT FLOOR CEIL TRUNC
FRAC ROUND LEFT_SHIFT REMAINDER FMOD DROPOUT FILL PRELU_SFPU ZERO_POINT ALT_COMPLEX_ROTATE90 MISH HARDMISH MAXIMUM MINIMUM
TANHSHRINK THRESHOLD SOFTSHRINK HARDSHRINK HARDTANH HARDSIGMOID HARDSWISH WHERE_TSS SOFTSIGN CELU CLAMP_TSS SELU RPOW CBRT
LOGSIGMOID LOGIT XIELU LGAMMA DIGAMMA POLYGAMMA""".split()


class _Enum(enum.Enum):
    def __repr__(self):
        return f"{type(self).__name__}.{self.name}"

    __str__ = __repr__


UnaryOpType = _Enum("UnaryOpType", [(n, i) for i, n in enumerate(_NAMES)])
UnaryOpType.__doc__ = "ttnn.UnaryOpType (tt-metal 622c6fb9 unary_op_types.hpp, in its order)."


class SigmoidMode(_Enum):
    """ttnn.SigmoidMode (unary.hpp; the Python names of unary_nanobind.cpp)."""
    FastApproximate = 0
    AccurateWithFastExp = 1
    Accurate = 2


# unary_op_utils.hpp is_parametrized_type: ops whose params pick template arguments (no params: the defaults)
_PARAMETRIZED = {"RELU_MAX", "RELU_MIN", "POWER", "POWER_ITERATIVE", "LEAKY_RELU", "ELU", "GELU", "RSQRT", "SQRT",
                 "HEAVISIDE", "ERF", "RSUB", "RDIV", "EXP", "SOFTPLUS", "XIELU", "ADD_UNARY_SFPU", "SUB_UNARY_SFPU",
                 "MUL_UNARY_SFPU", "DIV_UNARY_SFPU", "UNARY_NE", "UNARY_EQ", "UNARY_GT", "UNARY_LT", "UNARY_GE",
                 "UNARY_LE", "TYPECAST", "BITCAST", "BITWISE_XOR", "BITWISE_AND", "BITWISE_OR", "RIGHT_SHIFT",
                 "LEFT_SHIFT", "REMAINDER", "FILL", "ROUND", "SIGMOID", "LOGIT", "PRELU_SFPU", "FMOD", "MINIMUM",
                 "MAXIMUM", "LOG", "LOG10", "LOG2", "LOG1P", "TANH", "SOFTSHRINK", "HARDSHRINK", "WHERE_TSS", "CELU",
                 "HARDTANH", "THRESHOLD", "CLAMP_TSS", "SELU", "RPOW", "MISH", "POLYGAMMA"}


class UnaryWithParam:
    """ttnn.UnaryWithParam(op_type, *params) (also built from an op type alone or an (op type, value) pair)."""

    def __init__(self, op_type, *params):
        if isinstance(op_type, tuple) and not params:
            op_type, params = op_type[0], tuple(op_type[1:])
        if isinstance(op_type, UnaryWithParam):
            op_type, params = op_type.op_type, tuple(op_type.params)
        if not isinstance(op_type, UnaryOpType):
            raise TypeError(f"UnaryWithParam: op_type must be a ttnn.UnaryOpType, got {op_type!r}")
        self.op_type = op_type
        self.params = [float(p) if not isinstance(p, (DataType,)) else p for p in params]

    def key(self):
        return (self.op_type.name, tuple(p if isinstance(p, DataType) else float(p) for p in self.params))

    def __eq__(self, other):
        return isinstance(other, UnaryWithParam) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        op = f"UnaryOpType::{self.op_type.name}"
        if not self.params:
            return f"UnaryWithParam(op_type={op})"
        return f"UnaryWithParam(op_type={op}, params=[{', '.join(f'{p:g}' for p in self.params)}])"


EltwiseUnaryWithParam = UnaryWithParam

_STRINGS = {"relu": ("RELU",), "relu6": ("RELU6",), "gelu": ("GELU", 0.0), "gelu_approx": ("GELU", 1.0),
            "silu": ("SILU",), "sigmoid": ("SIGMOID", 4.0, 0.0), "sigmoid_approx": ("SIGMOID", 4.0, 1.0),
            "hardsigmoid": ("HARDSIGMOID",), "hardtanh": ("HARDTANH", -1.0, 1.0), "sqrt": ("SQRT", 0.0),
            "rsqrt": ("RSQRT", 0.0), "exp": ("EXP", 1.0), "recip": ("RECIP",), "log": ("LOG", 1.0),
            "log1p": ("LOG1P", 1.0), "tanh": ("TANH", 0.0), "log2": ("LOG2", 1.0), "log10": ("LOG10", 1.0),
            "sin": ("SIN",), "cos": ("COS",), "cosh": ("COSH",), "sinh": ("SINH",), "abs": ("ABS",),
            "abs_int32": ("ABS_INT32",), "sign": ("SIGN",), "square": ("SQUARE",), "mish": ("MISH", 0.0),
            "mish_approx": ("MISH", 1.0), "hardmish": ("HARDMISH", 1.0), "softplus": ("SOFTPLUS", 1.0, 20.0, 0.0),
            "xielu": ("XIELU", 0.8, 0.8), "alt_complex_rotate90": ("ALT_COMPLEX_ROTATE90",)}


def string_to_unary_with_param(name: str) -> UnaryWithParam:
    """unary_op_utils.cpp string_to_unary_with_param."""
    try:
        op, *params = _STRINGS[name]
    except KeyError:
        raise TTNNError(f"Unknown unary op: {name}") from None
    return UnaryWithParam(UnaryOpType[op], *params)


def normalize_activations(acts, what="activations") -> tuple:
    """A list of activations (UnaryWithParam, UnaryOpType, (UnaryOpType, value) or a name string) as the tuple of
    (op name, params) the program cache keys and sfpu_chain take."""
    if acts is None:
        return ()
    out = []
    for a in acts:
        if isinstance(a, str):
            a = string_to_unary_with_param(a)
        elif not isinstance(a, UnaryWithParam):
            try:
                a = UnaryWithParam(a)
            except TypeError:
                raise TTNNError(f"{what}: {a!r} is not an activation (ttnn.UnaryWithParam, ttnn.UnaryOpType or a "
                                "name such as 'relu').") from None
        out.append(a.key())
    return tuple(out)


# ---- get_op_init_and_func: UnaryOpType -> the compute API calls -------------------------------------------------
def _bits(x) -> int:
    return struct.unpack("<I", struct.pack("<f", float(x)))[0]


def _kernel_op(name):
    import tensix.kernel as K
    op = getattr(K, f"{name}_tile", None)
    init = getattr(K, f"{name}_tile_init", None)
    if op is None or init is None:
        raise NotModelledError(f"{name}_tile is not in tensix.kernel: the SFPU kernel behind it is not modelled.")
    return op, init


def _call(name, runtime=(), **template):
    """(init(), func(idst)) for the fork's `name_tile_init<template>()` / `name_tile<template>(idst, runtime...)`."""
    op, init = _kernel_op(name)

    def do_init():
        init(version=FORK, **template)

    def do_func(idst):
        op(idst, *runtime, version=FORK, **template)

    return do_init, do_func


_FLOAT_ONLY = {"RELU": "relu_tile, the float kernel, on unsigned bits", "NEG": "negative_tile, the float kernel, on "
               "unsigned bits", "ABS": "abs_tile_int32", "CLAMP_TSS": "clamp_tile_int32 on unsigned data",
               "RELU_MAX": "relu_max_tile_int32",
               "RELU_MIN": "relu_min_tile_int32", "RELU6": "relu_max_tile on integers",
               **{op: f"{op.lower()}_tile, the float kernel, on integer bits"
                  for op in ("FLOOR", "CEIL", "TRUNC", "FRAC", "SIGN", "ELU", "THRESHOLD", "HEAVISIDE",
                             "PRELU_SFPU", "REMAINDER", "FMOD")}}


# the special-function ops (tensix.sfpi.llk_special); unary_op_utils.cpp get_op_init_and_func
_SPECIAL = ("EXP2", "EXPM1", "LOG1P", "SOFTPLUS", "ERF", "ERFC", "ERFINV", "I0", "LOGSIGMOID")


def _special_init_and_func(name, p, has, dtype):
    """exp2_tile / expm1_tile / erfc_tile / erfinv_tile / i0_tile (no parameters); log1p_tile<param0> (ignored by the
    kernel); erf_tile<param0> (the reciprocal's iterations; no params: the C++ default true); softplus_tile(idst,
    bits(beta), bits(1.0f / beta), bits(threshold)) (no params: TT_THROW). erf's LUT and softplus' exp tail follow
    the INP_FLOAT32 define of a float32 input. Integer inputs (the float kernels on integer bits) are refused."""
    if dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
        raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor ({name.lower()}_tile, the float kernel, on "
                               "integer bits) is not modelled by tensix.ttnn.")
    inp_float32 = dtype == DataType.FLOAT32
    if name == "LOGSIGMOID":    # its own kernel (logsigmoid_kernel); in a chain the define is empty
        return (lambda: None), (lambda idst: None)
    if name == "LOG1P":
        return _call("log1p", fast_and_approx=bool(p[0])) if has else _call("log1p")
    if name == "ERF":
        return _call("erf", fast_and_approx=bool(p[0]) if has else True, inp_float32=inp_float32)
    if name == "SOFTPLUS":
        if not has:
            raise TTNNError("Undefined non-parametrized op type UnaryOpType.SOFTPLUS (unary_op_utils.cpp: "
                            "softplus_tile takes beta and threshold).\nFix: ttnn.softplus(x) or UnaryWithParam(SOFTPLUS, 1.0, 20.0).")
        beta = np.float32(p[0])
        with np.errstate(divide="ignore"):
            recip = np.float32(1.0) / beta
        return _call("softplus", (_bits(beta), _bits(recip), _bits(p[1])), inp_float32=inp_float32)
    return _call(name.lower())


def op_init_and_func(name: str, params: tuple, dtype: DataType):
    """unary_op_utils.cpp get_op_init_and_func_parameterized / _default for one UnaryOpType: (init, func) callables
    running the compute API calls (of the fork's kernel version) on Dst tile `idst`."""
    if dtype == DataType.UINT8 and name not in ("IDENTITY", "TYPECAST", "BITCAST"):
        # copy_tile leaves a UInt8 tile in Dst as int32 words (tensix.device.formats.copy_tile_to_dest); tt-metal's
        # unary ops have no UInt8 kernels (unary_op_utils.cpp: the float kernel, or TT_THROW for RSUB)
        raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor (the op's kernel on the int32 words a UInt8 "
                               "tile becomes in Dst) is not modelled by tensix.ttnn.\nFix: ttnn.typecast the input to "
                               "bfloat16 / int32 / uint16 first.")
    if name == "CLAMP_TSS" and dtype == DataType.INT32:
        # clamp_tile_int32 with the int32 bounds' bits (static_cast<uint32_t>(static_cast<int32_t>(param)))
        import tensix.kernel as K
        lo, hi = (int(v) & 0xFFFFFFFF for v in params)
        return K.clamp_tile_init, (lambda idst: K.clamp_tile_int32(idst, lo, hi))
    if name == "WHERE_TSS":     # where_tile<format of the input>(idst, 1, 2, idst) (Dst 1, 2: where_tss_kernel's fills)
        import tensix.kernel as K
        fmt = {DataType.INT32: "Int32", DataType.UINT32: "UInt32", DataType.FLOAT32: "Float32"}.get(dtype, "Float16_b")
        return K.where_tile_init, (lambda idst: K.where_tile(idst, 1, 2, idst, fmt))
    p = [float(x) if not isinstance(x, DataType) else x for x in params]
    has = bool(p) and name in _PARAMETRIZED
    if name == "SQUARE" and dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
        # mul_int_tile<format>(idst, idst, idst): mul_int32 for Int32 / UInt32, tt-llk's _mul_int_ for UInt16
        import tensix.kernel as K
        fmt = {DataType.INT32: "Int32", DataType.UINT32: "UInt32", DataType.UINT16: "UInt16"}[dtype]
        return (lambda: K.mul_int_tile_init(fmt)), (lambda idst: K.mul_int_tile(idst, idst, idst, fmt))
    if name == "NEG" and dtype == DataType.INT32:     # negative_tile_init(); negative_tile_int32(idst)
        import tensix.kernel as K
        return (lambda: K.negative_tile_init(version=FORK)), K.negative_tile_int32
    if name == "RELU" and dtype == DataType.INT32:    # relu_tile_init(); relu_tile_int32(idst): _relu_min_ with 0
        from tensix.ttnn.kernels.eltwise import relu_sfpu
        return relu_sfpu.relu_min_int32_init_and_func(0)
    if name == "ABS_INT32":     # abs_tile_init(); abs_tile_int32(idst) (calculate_abs_int32)
        import tensix.kernel as K
        return (lambda: K.abs_tile_init(version=FORK)), K.abs_tile_int32
    if name in ("RELU_MAX", "RELU_MIN") and dtype == DataType.INT32:
        from tensix.ttnn.kernels.eltwise import relu_sfpu
        # unary_op_utils.cpp: relu_max_tile_int32(idst, bit_cast<uint32_t>(param0)), whose kernel takes
        # static_cast<int>(the float); relu_min_tile_int32(idst, static_cast<int32_t>(param0))
        t = relu_sfpu.int32_threshold(params[0], f"UnaryOpType.{name} of an INT32 tensor")
        if name == "RELU_MAX":
            return relu_sfpu.init_and_func("relu_max_int32", t & 0xFFFFFFFF)
        return relu_sfpu.relu_min_int32_init_and_func(t)
    if name in _FLOAT_ONLY and dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
        raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor ({_FLOAT_ONLY[name]}) is not modelled by "
                               "tensix.ttnn.")
    if name == "EXP":
        return _call("exp", approx=bool(p[0])) if has else _call("exp")
    if name == "RECIP":
        return _call("recip", legacy_compat=False)
    if name == "GELU":
        return _call("gelu", fast_and_approx=bool(p[0])) if has else _call("gelu")
    if name == "RELU":
        return _call("relu")
    if name == "SQRT":
        if not has:
            return _call("sqrt")
        init, _f = _call("sqrt")
        return init, _call("sqrt", FAST_APPROX=bool(p[0]))[1]
    if name == "RSQRT":
        if not has:
            return _call("rsqrt")
        init, _f = _call("rsqrt", legacy_compat=False)
        return init, _call("rsqrt", legacy_compat=False, FAST_APPROX=bool(p[0]))[1]
    if name == "SIGMOID":
        if not has:
            return _call("sigmoid")
        vec = int(p[0])
        if vec not in (2, 4):
            raise TTNNError("Invalid Vector mode value. Expected vector mode C (2) or RC (4) for sigmoid")
        init, _f = _call("sigmoid", fast_and_approx=bool(p[1]))
        return init, _call("sigmoid", vec_mode="C" if vec == 2 else "RC", fast_and_approx=bool(p[1]))[1]
    if name in ("LOG", "TANH"):
        base = name.lower()
        return _call(base, fast_and_approx=bool(p[0])) if has else _call(base)
    if name in ("LOG2", "LOG10"):
        scale = 0x3FB8AA3B if name == "LOG2" else 0x3EDE5BD9
        fast = {"fast_and_approx": bool(p[0])} if has else {}
        return _call("log_with_base", (scale,), **fast)
    if name in ("SIN", "COS", "SILU", "ABS", "SQUARE"):
        return _call(name.lower())
    if name == "NEG":
        return _call("negative")
    if name == "CLAMP_TSS":
        return _call("clamp", (_bits(p[0]), _bits(p[1])))
    if name == "HARDTANH":
        return _call("hardtanh", (_bits(p[0]), _bits(p[1])))
    if name == "SOFTSHRINK":
        return _call("softshrink", (_bits(p[0]),))
    if name == "LOGICAL_NOT_UNARY":     # logical_not_tile<DataFormat::...> of the input dtype
        fmt = {DataType.INT32: "Int32", DataType.UINT32: "UInt32", DataType.UINT16: "UInt16",
               DataType.FLOAT32: "Float32", DataType.BFLOAT16: "Float16_b", DataType.BFLOAT8_B: "Bfp8_b",
               DataType.BFLOAT4_B: "Bfp4_b"}.get(dtype)
        if fmt is None:
            raise TTNNError(f"Unsupported data format for logical not unary: {dtype!r}")
        return _call("logical_not", data_format=fmt)
    if name in ("EQZ", "NEZ", "LTZ", "GTZ", "GEZ", "LEZ"):     # the float form; integers have their own kernels
        if dtype == DataType.INT32:
            return _call(f"{name.lower()}_int32")
        if dtype in (DataType.UINT32, DataType.UINT16):
            if name not in ("EQZ", "NEZ"):      # unary_op_utils.cpp: those run the float kernel on the integer bits
                raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor runs {name.lower()}_tile, the float "
                                       "kernel, on integer data; tensix.ttnn does not model that.")
            return _call(f"{name.lower()}_{'uint16' if dtype == DataType.UINT16 else 'uint32'}")
        return _call(name.lower())
    if name in ("ISINF", "ISPOSINF", "ISNEGINF", "ISNAN", "ISFINITE"):
        return _call(name.lower())
    if name in ("ASINH", "ACOSH", "ASIN", "ACOS", "SOFTSIGN", "TANHSHRINK", "CBRT", "HARDMISH"):
        return _call(name.lower())
    if name in ("TAN", "ATAN", "ATANH", "SINH", "COSH", "BITWISE_NOT"):     # {op}_tile_init(); {op}_tile(idst)
        if name != "BITWISE_NOT" and dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
            raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor ({name.lower()}_tile, the float kernel, "
                                   "on integer data) is not modelled by tensix.ttnn.")
        if name == "BITWISE_NOT" and dtype != DataType.INT32:
            raise NotModelledError(f"ttnn.bitwise_not of a {dtype!r} tensor: bitwise_not_tile loads and stores Dst as "
                                   "INT32 whatever the data (ttnn documents INT32 only); tensix.ttnn does not model "
                                   "it on other data.\nFix: an INT32 tensor.")
        return _call(name.lower())
    if name == "DIGAMMA":       # digamma_tile; its LUT follows the INP_FLOAT32 define of a float32 input
        if dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
            raise NotModelledError(f"UnaryOpType.DIGAMMA of a {dtype!r} tensor (the float kernel on integer data) is "
                                   "not modelled by tensix.ttnn.")
        return _call("digamma", inp_float32=dtype == DataType.FLOAT32)
    if name in _SPECIAL:
        return _special_init_and_func(name, p, has, dtype)
    if name in ("POLYGAMMA", "XIELU"):
        # polygamma_tile(idst, bits(n), bits(scale)) / xielu_tile(idst, bits(alpha_p), bits(alpha_n)) after their inits
        # (tensix.sfpi.llk_polygamma); both TT_ASSERT two params, a release build reads params[1] regardless
        if not has:
            raise TTNNError(f"Undefined non-parametrized op type UnaryOpType.{name} (unary_op_utils.cpp: "
                            f"{name.lower()}_tile takes two parameters).\nFix: ttnn.{name.lower()}(x, ...).")
        if len(p) != 2:
            names = "n, scale" if name == "POLYGAMMA" else "alpha_p, alpha_n"
            raise TTNNError(f"UnaryOpType.{name} takes 2 parameters ({names}), got {len(p)} (unary_op_utils.cpp "
                            "TT_ASSERT; a release build would read past the list).")
        if dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
            raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor ({name.lower()}_tile, the float kernel, "
                                   "on integer data) is not modelled by tensix.ttnn.")
        return _call(name.lower(), (_bits(p[0]), _bits(p[1])))
    if name in ("POWER", "POWER_ITERATIVE", "RPOW", "RDIV"):     # tensix.ttnn.operations.power
        from tensix.ttnn.operations.power import pow_init_and_func
        return pow_init_and_func(name, params, has, dtype)
    if name in ("FLOOR", "CEIL", "TRUNC", "FRAC"):     # rounding_op_tile_init(); {op}_tile(idst)
        return _call(name.lower())
    if name == "SIGN":
        return _call("sign")
    if name == "ELU":       # elu_tile(idst, bits(alpha)); INP_FLOAT32 picks expm1's polynomial
        return _call("elu", (_bits(p[0]),), inp_float32=dtype == DataType.FLOAT32)
    if name == "THRESHOLD":
        return _call("threshold", (_bits(p[0]), _bits(p[1])))
    if name == "HEAVISIDE":
        return _call("heaviside", (_bits(p[0]),))
    if name == "PRELU_SFPU":
        return _call("prelu", (_bits(p[0]),))
    if name in ("REMAINDER", "FMOD"):
        # {op}_tile_init(bits(param0), bits(1.0f / param0)); {op}_tile(idst, the same two)
        if not has:
            raise TTNNError(f"Undefined non-parametrized op type UnaryOpType.{name} (it takes the divisor as its "
                            "parameter).")
        value = np.float32(p[0])
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            recip = np.float32(1.0) / value
        rt = (_bits(value), _bits(recip))
        op, init = _kernel_op(name.lower())
        return (lambda: init(*rt, version=FORK)), (lambda idst: op(idst, *rt, version=FORK))
    if name == "MISH":          # mish_tile<param0>: the template argument is the fast-and-approximate mode
        if not has:
            raise TTNNError("Undefined non-parametrized op type UnaryOpType.MISH (unary_op_utils.cpp: mish_tile takes "
                            "its approximation mode as a parameter).\nFix: ttnn.mish(x) or UnaryWithParam(MISH, 0.0).")
        return _call("mish", approximation_mode=bool(p[0]))
    if name == "HARDSIGMOID":
        return _call("hardsigmoid")
    if name == "ALT_COMPLEX_ROTATE90":
        return _call("alt_complex_rotate90")
    if name == "SIGNBIT":       # signbit_tile_int32 for INT32, else the float kernel (1.0 / 0.0)
        if dtype in (DataType.UINT32, DataType.UINT16):
            raise NotModelledError(f"UnaryOpType.SIGNBIT of a {dtype!r} tensor runs signbit_tile, the float kernel, on "
                                   "integer data; tensix.ttnn does not model that.")
        return _call("signbit_int32" if dtype == DataType.INT32 else "signbit")
    if name == "CELU":      # celu_tile(idst, bits(alpha), bits(1.0f / alpha)); INP_FLOAT32 picks the polynomial
        alpha = np.float32(p[0])
        with np.errstate(divide="ignore"):
            recip = np.float32(1.0) / alpha
        return _call("celu", (_bits(alpha), _bits(recip)), inp_float32=dtype == DataType.FLOAT32)
    if name == "HARDSHRINK":     # unary_op_utils.cpp: lambda rounded to BF16 (RNE) for a BF16 input
        lam = _bits(p[0])
        if dtype == DataType.BFLOAT16:
            lam = ((lam + 0x7FFF + ((lam >> 16) & 1)) >> 16 & 0xFFFF) << 16
        return _call("hardshrink", (lam,))
    if name in ("RELU6", "RELU_MAX", "RELU_MIN", "LEAKY_RELU"):
        from tensix.ttnn.kernels.eltwise import relu_sfpu
        kernel = {"RELU6": "relu_max", "RELU_MAX": "relu_max", "RELU_MIN": "relu_min"}.get(name, "leaky_relu")
        return relu_sfpu.init_and_func(kernel, 0x40C00000 if name == "RELU6" else _bits(p[0]))
    if name == "TYPECAST":
        from tensix.ttnn.kernels.eltwise import typecast_sfpu
        return typecast_sfpu.init_and_func(data_format(p[0]), data_format(p[1]))
    if name == "LOGIT" and dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
        raise NotModelledError(f"ttnn.logit of a {dtype!r} tensor (logit_kernel's float ops on integer data) is not "
                               "modelled by tensix.ttnn.")
    if name == "LGAMMA" and dtype not in (DataType.BFLOAT16, DataType.FLOAT32):     # unary_device_operation.cpp
        raise DTypeError(f"Unary: LGAMMA requires BFLOAT16 or FLOAT32 input, got dtype {dtype!r}")
    if name in ("ADD_UNARY_SFPU", "SUB_UNARY_SFPU", "MUL_UNARY_SFPU", "DIV_UNARY_SFPU", "RSUB"):
        # binop_with_scalar_tile_init(); {add,sub,mul,div}_unary_tile(idst, bits(param0)) (DIV: bits(1.0f / param0));
        # RSUB: rsub_tile_init(); rsub_tile(idst, bits(param0)). Integer inputs run the *_int32 tiles (not modelled)
        if not has:
            raise TTNNError(f"Undefined non-parametrized op type UnaryOpType.{name} (it takes the scalar as its "
                            "parameter).")
        if dtype in (DataType.INT32, DataType.UINT32) and name in ("ADD_UNARY_SFPU", "SUB_UNARY_SFPU", "RSUB"):
            # {add,sub}_unary_tile_int32 / rsub_unary_int32_tile(idst, static_cast<int32_t>(param0)) (for UINT32
            # the (uint) cast): tensix.sfpi.llk_int.binop_scalar_int32_face
            import tensix.kernel as K
            v = int(np.trunc(np.float32(p[0]))) & 0xFFFFFFFF
            if name == "RSUB":
                return K.rsub_unary_int32_tile_init, (lambda idst: K.rsub_unary_int32_tile(idst, v))
            fn = K.add_unary_tile_int32 if name == "ADD_UNARY_SFPU" else K.sub_unary_tile_int32
            return (lambda: K.binop_with_scalar_tile_init(version=FORK)), (lambda idst: fn(idst, v))
        if name == "RSUB" and dtype == DataType.UINT16:
            raise TTNNError("Unsupported data type")     # unary_op_utils.cpp RSUB: UINT16 / UINT8 TT_THROW
        if dtype in (DataType.INT32, DataType.UINT32, DataType.UINT16):
            raise NotModelledError(f"UnaryOpType.{name} of a {dtype!r} tensor runs the float kernel "
                                   "({mul,div,add,sub}_unary_tile) on integer words, which tensix.ttnn does not model.")
        import tensix.kernel as K
        if name == "RSUB":
            op_name, bits = "rsub", _bits(p[0])
        else:
            op_name = name[:3].lower() + "_unary"
            with np.errstate(divide="ignore"):
                bits = _bits(np.float32(1.0) / np.float32(p[0])) if name == "DIV_UNARY_SFPU" else _bits(p[0])
        op, _init = _kernel_op(op_name)
        init_fn = K.rsub_tile_init if name == "RSUB" else K.binop_with_scalar_tile_init
        return (lambda: init_fn(version=FORK)), (lambda idst: op(idst, bits, version=FORK))
    if name in ("IDENTITY", "BITCAST", "HARDSWISH", "LOGIT", "LGAMMA"):  # their own kernels: the chain define unread
        return (lambda: None), (lambda idst: None)
    raise NotModelledError(f"UnaryOpType.{name}: its SFPU kernel is not modelled by tensix.ttnn.")


def sfpu_chain(acts, dtype: DataType):
    """The SFPU_OP_CHAIN / PROCESS_*_ACTIVATIONS of a list of (op name, params): a callable running each op's init and
    function on a Dst tile, in order (get_block_defines / add_activation_defines). None for an empty list."""
    if not acts:
        return None
    steps = [op_init_and_func(name, params, dtype) for name, params in acts]

    def chain(idst):
        for init, func in steps:
            init()
            func(idst)

    chain.ops = tuple(acts)
    return chain


# ---- the unary program ----------------------------------------------------------------------------------------------
def range_cores(crs: CoreRangeSet, row_wise: bool = True) -> list:
    """tt-metal corerange_to_cores(crs, nullopt, row_wise): range after range, each row by row (or column by column)."""
    from tensix.ttnn.sharded import _cores_in_order
    return _cores_in_order(crs, row_wise)


def split_work(cores: list, units: int) -> dict:
    """tt-metal work_split.cpp split_work_to_cores(CoreRangeSet, units, row_wise) over `cores` in that order (the
    grid-size overload is the same for a grid starting at (0, 0)): min(units, cores) cores, the first units % n of
    them one unit more. {core: units}."""
    if units == 0:
        return {}
    n = min(units, len(cores))
    per, extra = divmod(units, n)
    return {c: per + (1 if i < extra else 0) for i, c in enumerate(cores[:n])}


def worker_grid(what, device, sub_core_grids) -> CoreRangeSet:
    """unary_utils.cpp get_worker_grid: sub_core_grids when given, else the device's worker cores (one sub-device)."""
    grid = device.compute_with_storage_grid_size()
    if sub_core_grids is None:
        return CoreRangeSet([CoreRange(CoreCoord(0, 0), CoreCoord(grid.x - 1, grid.y - 1))])
    crs = sub_core_grids if isinstance(sub_core_grids, CoreRangeSet) else CoreRangeSet(sub_core_grids)
    seen = set()
    for c in range_cores(crs):
        if not (0 <= c.x < grid.x and 0 <= c.y < grid.y):
            raise TTNNError(f"{what}: sub_core_grids core ({c.x}, {c.y}) is outside the {grid.x}x{grid.y} compute "
                            "grid.\nFix: cores (0..7, 0..7).")
        if (c.x, c.y) in seen:
            raise TTNNError(f"{what}: sub_core_grids ranges overlap at core ({c.x}, {c.y}).\nFix: disjoint ranges.")
        seen.add((c.x, c.y))
    if not seen:
        raise TTNNError(f"{what}: sub_core_grids is empty.\nFix: at least one CoreRange.")
    return crs


def _check_input(what, t: Tensor):
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: input_tensor must be a ttnn.Tensor, got {type(t).__name__}.")


def _physical(t_shape, padded, layout):
    dims = tuple(padded) if layout == Layout.TILE else tuple(t_shape)
    dims = dims or (1,)
    h = 1
    for d in dims[:-1]:
        h *= d
    return h, dims[-1]


def _uneven(shape, padded, mc: MemoryConfig) -> bool:
    """unary_utils.cpp is_uneven: the padded shape is not a whole number of shards (rank >= 2)."""
    h, w = _physical(padded, padded, Layout.TILE)
    sh, sw = mc.shard_spec.shape
    return h % sh != 0 or w % sw != 0


def output_memory_config(what, t: Tensor, mc: MemoryConfig) -> MemoryConfig:
    """unary_device_operation.cpp compute_output_specs for a sharded memory_config without a shard spec: the input's
    spec adjusted to the shape (adjust_to_shape: the same shard, at least 32 x 32), or, for an interleaved input,
    generate_shard_spec_all_cores (not modelled: the result is not natively sharded, see native_sharding)."""
    if not mc.is_sharded() or mc.shard_spec is not None:
        return mc
    from tensix.ttnn.types import ShardSpec
    if t.is_sharded():
        sp = t.memory_config().shard_spec
        shard = (builtins.max(sp.shape[0], 32), builtins.max(sp.shape[1], 32))
        return MemoryConfig(mc.memory_layout, mc.buffer_type, ShardSpec(sp.grid, shard, sp.orientation))
    raise NotModelledError(f"{what}: a sharded memory_config without a shard_spec for an interleaved input "
                           "(generate_shard_spec_all_cores, then the TensorAccessor path over a sharded buffer) is not "
                           "modelled by tensix.ttnn.\nFix: give the memory_config a ShardSpec and shard the input too "
                           "(ttnn.to_memory_config).")


def native_sharding(what, t: Tensor, out_shape, out_padded, out_layout, out_mc: MemoryConfig) -> bool:
    """unary_utils.cpp get_shard_specs: True for the native L1 sharded path (input and output sharded in L1 on the
    same grid, whole shards, a row-major shard a whole number of tiles), False for the interleaved program: interleaved
    tensors, and tiled sharded ones off the native path, whose pages the reader and the writer reach through
    TensorAccessors over the sharded buffers. A row-major sharded tensor off the native path is refused: the
    interleaved row-major path then walks pages of the shard width, which tensix does not model."""
    in_mc = t.memory_config()
    if not in_mc.is_sharded() and not out_mc.is_sharded():
        return False
    why = None
    if BufferType.DRAM in (in_mc.buffer_type, out_mc.buffer_type):
        why = "a DRAM-sharded tensor (unary_utils.cpp is_native_L1_sharding: not for DRAM)"
    elif not (in_mc.is_sharded() and out_mc.is_sharded()):
        why = f"the input is {in_mc.memory_layout.name} and the output {out_mc.memory_layout.name}"
    elif _uneven(t.shape, t.padded_shape, in_mc) or _uneven(out_shape, out_padded, out_mc):
        why = "the tensor is not a whole number of shards (uneven shards)"
    elif list(in_mc.shard_spec.grid) != list(out_mc.shard_spec.grid):
        why = "the input's and the output's shard grids differ"
    elif t.layout == Layout.ROW_MAJOR and any(m.shard_spec.shape[0] * m.shard_spec.shape[1] % 1024
                                              for m in (in_mc, out_mc)):
        why = "a row-major shard is not a whole number of 1024-element tiles"
    if why is None:
        return True
    if t.layout != Layout.ROW_MAJOR:
        return False
    raise NotModelledError(f"{what}: a row-major sharded tensor off the native L1 path ({why}): tt-metal then runs the "
                           "interleaved row-major program over the sharded buffer's pages (shard-wide rows), which "
                           "tensix.ttnn does not model.\nFix: shard input and output alike in L1 with whole shards, "
                           "use TILE_LAYOUT, or interleaved tensors (ttnn.to_memory_config).")


def make_output(dev, shape, dtype, layout, mc, padded):
    """An op's output tensor, interleaved or sharded (tensix.ttnn.sharded)."""
    if mc.is_sharded():
        from tensix.ttnn.operations import _dm_common
        # a DRAM-sharded output is off the native L1 path: the interleaved program's writer reaches its pages
        # through a TensorAccessor (tensix.ttnn.nd_sharded storage)
        return _dm_common.make_output(dev, shape, dtype, layout, mc, padded=padded,
                                      nd_ok=mc.buffer_type == BufferType.DRAM)
    return O.output_tensor(dev, shape, dtype, layout, mc)


def unary_impl(name: str, t: Tensor, chain: list, memory_config=None, output_tensor=None, sub_core_grids=None):
    """unary.cpp unary_impl + prim::unary: the op chain ((op name, params), ...) as one eltwise_sfpu program."""
    started = time.perf_counter()
    what = f"ttnn.{name}"
    _check_input(what, t)
    dev = O.device_of(what, t)
    chain = tuple(chain)
    in_dtype = t.dtype
    out_dtype = in_dtype
    if chain[-1][0] in ("TYPECAST", "BITCAST"):
        out_dtype = chain[-1][1][1]
    preserve = in_dtype == DataType.FLOAT32
    fp32 = preserve or out_dtype in (DataType.UINT32, DataType.INT32, DataType.FLOAT32, DataType.UINT8) or \
        in_dtype in (DataType.UINT8, DataType.UINT32, DataType.INT32)
    if output_tensor is not None:
        O.device_of(what, output_tensor)
        if tuple(output_tensor.shape) != tuple(t.shape):
            raise ShapeError(f"{what}: Unary: Preallocated output shape must match computed shape. Computed: "
                             f"{t.shape!r}, Preallocated: {output_tensor.shape!r}.\nFix: allocate it with shape "
                             f"{list(t.shape)}.")
        if output_tensor.layout != t.layout:
            raise LayoutError(f"{what}: Unary: Output format (tile/row-major) must match input when preallocated "
                              f"(output {output_tensor.layout!r}, input {t.layout!r}).")
    mc = output_tensor.memory_config() if output_tensor is not None else output_memory_config(
        what, t, memory_config or t.memory_config())
    sharded = native_sharding(what, t, t.shape, t.padded_shape, t.layout, mc)
    from tensix.ttnn import sub_device     # get_worker_grid (a loaded sub-device manager's cores)
    workers = worker_grid(what, dev, sub_device.op_worker_grid(dev, sub_core_grids, output_tensor, memory_config,
                                                               (t,) if sharded else ()))
    out = output_tensor if output_tensor is not None else make_output(dev, tuple(t.shape), out_dtype, t.layout, mc,
                                                                      t.padded_shape)
    if out_dtype != out.dtype:
        out_dtype = out.dtype
    if t.shape.volume() == 0:
        return out
    rm = t.layout == Layout.ROW_MAJOR
    if fp32 and in_dtype == DataType.UINT16 and any(op not in ("TYPECAST", "IDENTITY") for op, _p in chain):
        raise NotModelledError(f"{what} of a uint16 tensor with a {out_dtype.name.lower()} output runs with "
                               "fp32_dest_acc_en: copy_tile puts the UInt16 data in the low halves of 32-bit Dst words "
                               "and the ops' UInt16 kernels load and store Dst16b rows (LO16), a mixed 16 / 32-bit view "
                               "of Dst (ISA Dst.md) that tensix does not model.\nFix: run the op on the uint16 tensor, "
                               "then ttnn.typecast the result.")
    step_fns = sfpu_chain(chain, in_dtype)        # refuses what is not modelled before anything runs
    key = ("unary", chain, out_dtype, mc, fp32, preserve, in_dtype, t.layout, t.memory_config(),
           tuple(t.padded_shape) if rm else None, workers.ranges)
    # unary_op_utils.cpp get_compute_kernel_path: by the chain's first op
    kernel = {"IDENTITY": "eltwise/eltwise_identity_kernel.py", "BITCAST": "eltwise/eltwise_identity_kernel.py",
              "HARDSWISH": "eltwise/hardswish_kernel.py",
              "LOGIT": "eltwise/logit_kernel.py", "LOGSIGMOID": "eltwise/logsigmoid_kernel.py",
              "WHERE_TSS": "eltwise/where_tss_kernel.py",
              "LGAMMA": f"eltwise/lgamma{'_fast' if in_dtype == DataType.BFLOAT16 else ''}_kernel.py"}.get(
        chain[0][0], "eltwise/eltwise_sfpu.py")
    scalars = _first_op_scalars(chain[0], in_dtype)
    O.run(what, dev, key, lambda: _unary_factory(dev, t, out, step_fns, fp32, preserve, workers, sharded, kernel,
                                                 scalars, bitcast=chain[0][0] == "BITCAST"),
          [t, out],
          [out], {"dtype": out_dtype.name, "ops": [c[0] for c in chain]}, started)
    return out


def _shard_pages(t: Tensor, mc: MemoryConfig) -> int:
    """unary_program_factory.cpp shard_pages: a TILE shard's tiles, a ROW_MAJOR shard's bytes in tiles."""
    sh, sw = mc.shard_spec.shape
    if t.layout == Layout.ROW_MAJOR:
        return sh * sw * element_size(t.dtype) // mh_tile_size(data_format(t.dtype))
    return sh * sw // 1024


def _where_tss_word(v, dtype) -> int:
    """unary_op_utils.cpp pack_scalar_runtime_arg_impl: an INT32 / UINT32 input takes the int32's bits (a float
    param static_cast to int32 first), any other the float's bits (an int param static_cast to float first)."""
    if dtype in (DataType.INT32, DataType.UINT32):
        return int(v if isinstance(v, int) else int(np.float32(v))) & 0xFFFFFFFF
    return _bits(np.float32(v))


def _first_op_scalars(op, dtype):
    """unary_program_factory.cpp pack_first_op_scalars for LOGIT (the other ops: (0, 0), no define): eps >= 0 gives
    the clamp bounds min / max of eps and 1.0f - eps (float32), for a BFLOAT16 input rounded to bf16 (RNE; eps <= 0.5:
    from bf16(eps) and 1 - bf16(eps)), as their float bits, and the CLAMP define; needs_tmp0_cb: LOGIT's scratch CB."""
    name, params = op
    if name == "WHERE_TSS":     # pack_scalar_runtime_arg_impl of each (an int or a float param)
        return tuple(_where_tss_word(v, dtype) for v in params), {}, False
    if name != "LOGIT" or params[0] < 0:
        return (0, 0), {}, name == "LOGIT"
    eps = np.float32(params[0])
    lo, hi = builtins.min(eps, np.float32(1) - eps), builtins.max(eps, np.float32(1) - eps)
    if dtype == DataType.BFLOAT16:
        def bf16(x):
            b = _bits(x)
            return struct.unpack("<f", struct.pack("<I", ((b + 0x7FFF + ((b >> 16) & 1)) >> 16 & 0xFFFF) << 16))[0]
        if eps <= 0.5:
            eps_bf = np.float32(bf16(eps))
            one_minus = np.float32(1) - eps_bf
            lo, hi = bf16(builtins.min(eps_bf, one_minus)), bf16(builtins.max(eps_bf, one_minus))
        else:
            lo, hi = bf16(lo), bf16(hi)
    return (_bits(lo), _bits(hi)), {"CLAMP": "clamp_tile"}, True


def _unary_factory(device, t: Tensor, out: Tensor, chain_fn, fp32: bool, preserve: bool, workers: CoreRangeSet,
                   sharded: bool, kernel: str = "eltwise/eltwise_sfpu.py", first_op=((0, 0), {}, False),
                   bitcast: bool = False):
    """unary_program_factory.cpp: CB c_0 (input format, 2 tile pages, or the input's shard), c_2 (output, 2 tiles, or
    the output's shard); reader_unary / writer_unary / eltwise_sfpu on the worker grid; interleaved: the work split
    row-wise over it; natively sharded: each core of the shard grid its own shard, the others nothing. A BITCAST
    chain gives c_0 the output's format (cb_data_format_for_input): the unpacker reads the input's bits as it."""
    rm = t.layout == Layout.ROW_MAJOR and not sharded
    in_fmt, out_fmt = data_format(t.dtype), data_format(out.dtype)
    if bitcast:
        in_fmt = out_fmt
    prog = mh.CreateProgram()
    if sharded:
        in_pages, out_pages = _shard_pages(t, t.memory_config()), _shard_pages(out, out.memory_config())
        in_cfg = mh.CircularBufferConfig(in_pages * mh_tile_size(in_fmt), {0: in_fmt}).set_page_size(
            0, mh_tile_size(in_fmt))
        out_cfg = mh.CircularBufferConfig(out_pages * mh_tile_size(out_fmt), {2: out_fmt}).set_page_size(
            2, mh_tile_size(out_fmt))
        in_cfg.set_globally_allocated_address(t._buffer)
        out_cfg.set_globally_allocated_address(out._buffer)
        mh.CreateCircularBuffer(prog, workers, in_cfg)
        mh.CreateCircularBuffer(prog, workers, out_cfg)
        r_args, w_args = [], []
    else:
        O.cb(prog, workers, 0, 2, in_fmt)
        O.cb(prog, workers, 2, 2, out_fmt)
        r_args, w_args = O.accessor_args(t), O.accessor_args(out)
    scalars, first_defines, tmp_cb = first_op
    if tmp_cb:      # needs_tmp0_cb (LOGIT): c_1 in the input's format, 2 tiles
        O.cb(prog, workers, 1, 2, in_fmt)
    rk = mh.CreateKernel(prog, O.kernel_path("eltwise/reader_unary.py"), workers, ReaderDataMovementConfig(
        compile_args=r_args, defines={"RM_INTERLEAVED": int(rm), "SRC_SHARDED": int(sharded)}))
    wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_unary.py"), workers, WriterDataMovementConfig(
        compile_args=w_args, defines={"RM_INTERLEAVED": int(rm), "DST_SHARDED": int(sharded)}))
    utd = {0: UnpackToDestMode.UnpackToDestFp32, 1: UnpackToDestMode.UnpackToDestFp32} if preserve else {}
    # unary_program_factory.cpp apply_input_dtype_defines
    dtype_define = {DataType.FLOAT32: "INP_FLOAT32", DataType.INT32: "INP_INT32",
                    DataType.UINT32: "INP_UINT32"}.get(t.dtype, "INP_FLOAT")
    ck = mh.CreateKernel(prog, O.kernel_path(kernel), workers, ComputeConfig(
        fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, math_approx_mode=False,
        defines={"SFPU_OP_CHAIN_0": chain_fn, dtype_define: 1, **first_defines}))
    if rm:      # the accessors' page size (tensix's TensorAccessorArgs carry no shape): one row
        mh.SetCommonRuntimeArgs(prog, rk, [t.page_size])
        mh.SetCommonRuntimeArgs(prog, wk, [out.page_size])
    entry = O.ProgramEntry(prog, None, 0, "unary", {"fp32_dest_acc_en": fp32, "sharded": sharded})
    cores = range_cores(workers, True)

    def set_sharded_args(tensors):
        ti, to = tensors
        in_cfg.set_globally_allocated_address(ti._buffer)
        out_cfg.set_globally_allocated_address(to._buffer)
        grid = ti.memory_config().shard_spec.grid
        used = 0
        for core in cores:
            if not grid.contains(core):
                mh.SetRuntimeArgs(prog, rk, core, [0] * 3)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 3)
                mh.SetRuntimeArgs(prog, ck, core, [0] * 3)
                continue
            used += 1       # the start id (used only by the accessor path) is 0 here
            mh.SetRuntimeArgs(prog, rk, core, [ti.buffer_address(), in_pages, 0])
            mh.SetRuntimeArgs(prog, wk, core, [to.buffer_address(), out_pages, 0])
            mh.SetRuntimeArgs(prog, ck, core, [out_pages, *scalars])
        entry.cores = used

    def set_args(tensors):
        ti, to = tensors
        in_tile, out_tile = mh_tile_size(in_fmt), mh_tile_size(out_fmt)
        if rm:
            in_page, out_page = ti.page_size, to.page_size
            chunks = -(-in_page // in_tile)
            rows_per_tile = 1
            if 0 < in_page < in_tile:
                width = in_page // element_size(ti.dtype)
                if in_page == _aligned(in_page) and width > 0:
                    rows_per_tile = 1024 // width
            total_rows = to.num_pages
            units = -(-total_rows // rows_per_tile)
        else:
            units = to.num_pages
        work = split_work(cores, units)
        start = 0
        for core in cores:
            n = work.get(core, 0)
            if n == 0:
                mh.SetRuntimeArgs(prog, rk, core, [0] * 8)
                mh.SetRuntimeArgs(prog, wk, core, [0] * 8)
                mh.SetRuntimeArgs(prog, ck, core, [0] * 3)
                continue
            if rm:
                mh.SetRuntimeArgs(prog, rk, core, [ti.buffer_address(), n, start, chunks, in_tile,
                                                   in_page - (chunks - 1) * in_tile, rows_per_tile, total_rows])
                mh.SetRuntimeArgs(prog, wk, core, [to.buffer_address(), n, start, chunks, out_tile,
                                                   out_page - (chunks - 1) * out_tile, rows_per_tile, total_rows])
                mh.SetRuntimeArgs(prog, ck, core, [n * chunks, *scalars])
            else:
                mh.SetRuntimeArgs(prog, rk, core, [ti.buffer_address(), n, start, 0, 0, 0, 0, 0])
                mh.SetRuntimeArgs(prog, wk, core, [to.buffer_address(), n, start, 0, 0, 0, 0, 0])
                mh.SetRuntimeArgs(prog, ck, core, [n, *scalars])
            start += n
        entry.cores = len(work)

    entry.set_runtime_args = set_sharded_args if sharded else set_args
    return entry


def mh_tile_size(fmt) -> int:
    from tensix.device import formats
    return formats.tile_size(fmt)


def _aligned(page: int) -> int:
    """A row-major page's aligned size in a DRAM-interleaved buffer (tensix.device.interleave)."""
    from tensix.device.interleave import aligned_page_size
    return aligned_page_size(page, True)


# ---- the ops ----------------------------------------------------------------------------------------------------
def _op(name, chain, t, memory_config, output_tensor, kwargs):
    sub = kwargs.pop("sub_core_grids", None)
    O.refuse_unknown_kwargs(f"ttnn.{name}", kwargs)
    return unary_impl(name, t, chain, memory_config, output_tensor, sub)


def _fast_op(op_type):
    def fn(input_tensor, *, fast_and_approximate_mode=False, memory_config: MemoryConfig | None = None,
           output_tensor=None, **kwargs):
        return _op(fn.__name__, [(op_type, (float(bool(fast_and_approximate_mode)),))], input_tensor, memory_config,
                   output_tensor, kwargs)
    return fn


def _plain_op(op_type):
    def fn(input_tensor, *, memory_config: MemoryConfig | None = None, output_tensor=None, **kwargs):
        return _op(fn.__name__, [(op_type, ())], input_tensor, memory_config, output_tensor, kwargs)
    return fn


def _named(fn, name, doc):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


exp = _named(_fast_op("EXP"), "exp", "ttnn.exp(x, fast_and_approximate_mode=False): e**x (exp_tile<approx>).")
log = _named(_fast_op("LOG"), "log", "ttnn.log(x): ln x (log_tile<fast_and_approx>).")
log2 = _named(_fast_op("LOG2"), "log2", "ttnn.log2(x): log_with_base_tile(x, 1/ln 2).")
log10 = _named(_fast_op("LOG10"), "log10", "ttnn.log10(x): log_with_base_tile(x, 1/ln 10).")
sqrt = _named(_fast_op("SQRT"), "sqrt", "ttnn.sqrt(x): sqrt_tile<FAST_APPROX>.")
rsqrt = _named(_fast_op("RSQRT"), "rsqrt", "ttnn.rsqrt(x): rsqrt_tile<false, FAST_APPROX>.")
gelu = _named(_fast_op("GELU"), "gelu", "ttnn.gelu(x, fast_and_approximate_mode=False): gelu_tile<fast>.")
reciprocal = _named(_plain_op("RECIP"), "reciprocal", "ttnn.reciprocal(x): 1/x (recip_tile<false>).")
relu = _named(_plain_op("RELU"), "relu", "ttnn.relu(x): max(x, 0) (relu_tile).")
silu = _named(_plain_op("SILU"), "silu", "ttnn.silu(x): x * sigmoid(x) (silu_tile).")
swish = _named(_plain_op("SILU"), "swish", "ttnn.swish(x): silu.")
sin = _named(_plain_op("SIN"), "sin", "ttnn.sin(x) (sin_tile).")
cos = _named(_plain_op("COS"), "cos", "ttnn.cos(x) (cos_tile).")
neg = _named(_plain_op("NEG"), "neg", "ttnn.neg(x): -x (negative_tile).")
negative = neg
square = _named(_plain_op("SQUARE"), "square", "ttnn.square(x): x * x (square_tile).")


def abs(input_tensor, *, memory_config=None, output_tensor=None, **kwargs):  # noqa: A001
    """ttnn.abs(x): |x| (abs_tile; for INT32 UnaryOpType::ABS_INT32, abs_tile_int32)."""
    op = "ABS_INT32" if isinstance(input_tensor, Tensor) and input_tensor.dtype == DataType.INT32 else "ABS"
    return _op("abs", [(op, ())], input_tensor, memory_config, output_tensor, kwargs)


def tanh(input_tensor, *, memory_config=None, output_tensor=None, fast_and_approximate_mode=False, approx=None,
         **kwargs):
    """ttnn.tanh(x): tanh_tile<approx> (the `approx` argument of unary.cpp tanh)."""
    a = bool(approx if approx is not None else fast_and_approximate_mode)
    return _op("tanh", [("TANH", (float(a),))], input_tensor, memory_config, output_tensor, kwargs)


def sigmoid(input_tensor, *, vector_mode=4, mode=SigmoidMode.Accurate, memory_config=None, output_tensor=None,
            fast_and_approximate_mode=None, **kwargs):
    """ttnn.sigmoid(x, vector_mode=4, mode=SigmoidMode.Accurate): unary.cpp sigmoid (FastApproximate: sigmoid_tile
    with its LUT; Accurate: sigmoid_tile<RC, false>; AccurateWithFastExp: NEG, EXP(1), ADD_UNARY_SFPU(1), RECIP)."""
    if fast_and_approximate_mode is not None:
        mode = SigmoidMode.FastApproximate if fast_and_approximate_mode else SigmoidMode.Accurate
    mode = SigmoidMode(mode) if not isinstance(mode, SigmoidMode) else mode
    if mode == SigmoidMode.FastApproximate:
        chain = [("SIGMOID", (float(vector_mode), 1.0))]
    elif mode == SigmoidMode.AccurateWithFastExp:
        chain = [("NEG", ()), ("EXP", (1.0,)), ("ADD_UNARY_SFPU", (1.0,)), ("RECIP", ())]
    else:
        chain = [("SIGMOID", (float(vector_mode), 0.0))]
    return _op("sigmoid", chain, input_tensor, memory_config, output_tensor, kwargs)


def sigmoid_accurate(input_tensor, *, fast_and_approximate_mode=False, memory_config=None, output_tensor=None,
                     **kwargs):
    """ttnn.sigmoid_accurate(x): sigmoid_tile<RC, false> (fast: the NEG/EXP/ADD/RECIP chain)."""
    chain = ([("NEG", ()), ("EXP", (1.0,)), ("ADD_UNARY_SFPU", (1.0,)), ("RECIP", ())] if fast_and_approximate_mode
             else [("SIGMOID", (4.0, 0.0))])
    return _op("sigmoid_accurate", chain, input_tensor, memory_config, output_tensor, kwargs)


def hardtanh(input_tensor, min_val=-1.0, max_val=1.0, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.hardtanh(x, min_val=-1, max_val=1): hardtanh_tile."""
    return _op("hardtanh", [("HARDTANH", (float(min_val), float(max_val)))], input_tensor, memory_config,
               output_tensor, kwargs)


def elu(input_tensor, alpha=1.0, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.elu(x, alpha=1.0): x for x >= 0, else alpha * (exp(x) - 1) (elu_tile)."""
    return _op("elu", [("ELU", (float(alpha),))], input_tensor, memory_config, output_tensor, kwargs)


def heaviside(input_tensor, value, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.heaviside(x, value): 0 where x < 0, 1 where x > 0, value where x == 0 (heaviside_tile)."""
    return _op("heaviside", [("HEAVISIDE", (float(value),))], input_tensor, memory_config, output_tensor, kwargs)


def prelu_sfpu(input_tensor, weight, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.prelu_sfpu(x, weight): x * weight where x < 0, else x (prelu_tile)."""
    return _op("prelu_sfpu", [("PRELU_SFPU", (float(weight),))], input_tensor, memory_config, output_tensor, kwargs)


def prelu(input_tensor, weight, *, memory_config=None, **kwargs):
    """ttnn.prelu(x, weight): binary_composite_op.cpp: a number (or a one-element list) runs prelu_sfpu; a weight
    tensor of x.shape[1] elements is reshaped to [1, C, 1, ...] (ttnn.reshape, for rank > 2) and the result is
    where(ltz(x, memory_config), multiply(x, weight), x) (the multiply and the where in their default memory
    config, as there)."""
    if isinstance(weight, (list, tuple)) and len(weight) == 1:
        weight = weight[0]
    if isinstance(weight, Tensor):
        O.refuse_unknown_kwargs("ttnn.prelu", kwargs)
        return _prelu_tensor(input_tensor, weight, memory_config)
    return prelu_sfpu(input_tensor, weight, memory_config=memory_config, **kwargs)


def _prelu_tensor(x, weight, memory_config):
    from tensix.ttnn.operations.binary import multiply
    from tensix.ttnn.operations.dm_reshape import reshape
    from tensix.ttnn.operations.ternary import where
    shape = tuple(x.shape)
    volume = 1
    for d in weight.shape:
        volume *= d
    if len(shape) < 2 or shape[1] != volume:
        raise ShapeError(f"ttnn.prelu: Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                         f"{volume} and channel size = {shape[1] if len(shape) > 1 else None}.\nFix: a weight of "
                         "input.shape[1] elements.")
    b = weight
    if len(shape) > 2:
        b = reshape(weight, [1, shape[1]] + [1] * (len(shape) - 2))
    return where(ltz(x, memory_config=memory_config), multiply(x, b), x)


def threshold(input_tensor, threshold, value, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.threshold(x, threshold, value): value where x <= threshold, else x (threshold_tile)."""
    return _op("threshold", [("THRESHOLD", (float(threshold), float(value)))], input_tensor, memory_config,
               output_tensor, kwargs)


def softshrink(input_tensor, lambd=0.5, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.softshrink(x, lambd=0.5): x - lambd above lambd, x + lambd below -lambd, else 0 (softshrink_tile)."""
    return _op("softshrink", [("SOFTSHRINK", (float(lambd),))], input_tensor, memory_config, output_tensor, kwargs)


def celu(input_tensor, alpha=1.0, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.celu(x, alpha=1.0): x for x >= 0, else alpha * (exp(x / alpha) - 1) (celu_tile, with 1 / alpha computed in
    float32 on the host as unary_op_utils.cpp does)."""
    return _op("celu", [("CELU", (float(alpha),))], input_tensor, memory_config, output_tensor, kwargs)


def hardshrink(input_tensor, lambd=0.5, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.hardshrink(x, lambd=0.5): x where |x| > lambd, else 0 (hardshrink_tile)."""
    return _op("hardshrink", [("HARDSHRINK", (float(lambd),))], input_tensor, memory_config, output_tensor, kwargs)


hardmish = _named(_plain_op("HARDMISH"), "hardmish", "ttnn.hardmish(x): x * clamp(x / 2 + 1, 0, 1) (hardmish_tile).")
mish = _named(_fast_op("MISH"), "mish", "ttnn.mish(x, fast_and_approximate_mode=False): x * tanh(softplus(x)) "
              "(mish_tile<fast_and_approximate_mode>).")
cbrt = _named(_plain_op("CBRT"), "cbrt", "ttnn.cbrt(x): the cube root, sign kept (cbrt_tile).")
hardswish = _named(_plain_op("HARDSWISH"), "hardswish", "ttnn.hardswish(x): x * hardsigmoid(x) (hardswish_kernel: "
                   "the SFPU's product for float32, the FPU's for bfloat16).")
tanhshrink = _named(_plain_op("TANHSHRINK"), "tanhshrink", "ttnn.tanhshrink(x): x - tanh(x) (tanhshrink_tile).")
softsign = _named(_plain_op("SOFTSIGN"), "softsign", "ttnn.softsign(x): x / (1 + |x|) (softsign_tile: the Newton "
                  "reciprocal of 1 + |x|).")
asin = _named(_plain_op("ASIN"), "asin", "ttnn.asin(x): arcsine, NaN for |x| > 1 (asin_tile: a polynomial in x*x, "
              "range-reduced above 0.625).")
acos = _named(_plain_op("ACOS"), "acos", "ttnn.acos(x): pi/2 - asin(x), NaN for |x| > 1 (acos_tile).")
signbit = _named(_plain_op("SIGNBIT"), "signbit",
                 "ttnn.signbit(x): 1 where x's sign bit is set (-0.0 and negative NaNs included), else 0 (signbit_tile).")
identity = _named(_plain_op("IDENTITY"), "identity",
                  "ttnn.identity(x): a copy through Dst (eltwise_identity_kernel: copy_tile, pack_tile), any dtype.")
hardsigmoid = _named(_plain_op("HARDSIGMOID"), "hardsigmoid",
                     "ttnn.hardsigmoid(x): min(max(x / 6 + 0.5, 0), 1) (hardsigmoid_tile).")
alt_complex_rotate90 = _named(_plain_op("ALT_COMPLEX_ROTATE90"), "alt_complex_rotate90",
                              "ttnn.alt_complex_rotate90(x): x's last dim as interleaved complex numbers (re, im), each "
                              "multiplied by i: (re, im) -> (-im, re) (alt_complex_rotate90_tile).")
eqz, nez, ltz, gtz, gez, lez = (
    _named(_plain_op(op.upper()), op, f"ttnn.{op}(x): 1 where x {sym} 0, else 0 ({op}_tile: +/-0 are zero, NaN compares "
           "false except for nez).")
    for op, sym in (("eqz", "=="), ("nez", "!="), ("ltz", "<"), ("gtz", ">"), ("gez", ">="), ("lez", "<=")))
isinf, isposinf, isneginf, isnan, isfinite = (
    _named(_plain_op(op.upper()), op, f"ttnn.{op}(x): 1.0 where x {what}, else 0.0 ({op}_tile: the exponent and fraction "
           "bits as the SFPU reads them).")
    for op, what in (("isinf", "is +/-inf"), ("isposinf", "is +inf"), ("isneginf", "is -inf"),
                     ("isnan", "is NaN"), ("isfinite", "is neither inf nor NaN")))
sign = _named(_plain_op("SIGN"), "sign", "ttnn.sign(x): -1, 0 or 1 by the sign of x (sign_tile).")
floor, ceil, trunc, frac = (
    _named(_plain_op(op.upper()), op, f"ttnn.{op}(x): {what} ({op}_tile: tt-llk's bit-mask rounding bodies).")
    for op, what in (("floor", "the largest integer <= x"), ("ceil", "the smallest integer >= x"),
                     ("trunc", "x rounded toward zero"), ("frac", "x - trunc(x)")))
logical_not = _named(_plain_op("LOGICAL_NOT_UNARY"), "logical_not",
                     "ttnn.logical_not(x): 1 where x is 0, else 0, in x's dtype (logical_not_tile<DataFormat>).")
asinh = _named(_plain_op("ASINH"), "asinh", "ttnn.asinh(x): log(|x| + sqrt(x * x + 1)) with x's sign (asinh_tile).")
acosh = _named(_plain_op("ACOSH"), "acosh", "ttnn.acosh(x): log(x + sqrt(x * x - 1)), NaN below 1 (acosh_tile).")
tan = _named(_plain_op("TAN"), "tan", "ttnn.tan(x) (tan_tile: Cody-Waite reduction by pi/2, -1/tan in odd quadrants).")
atan = _named(_plain_op("ATAN"), "atan", "ttnn.atan(x) (atan_tile: a polynomial in x*x, on 1/|x| above 1).")
atanh = _named(_plain_op("ATANH"), "atanh", "ttnn.atanh(x): 0.5 log((1 + x) / (1 - x)), NaN for |x| > 1, +/-inf at "
               "|x| = 1 (atanh_tile).")
sinh = _named(_plain_op("SINH"), "sinh", "ttnn.sinh(x) (sinh_tile: from expm1(|x|) / 4).")
cosh = _named(_plain_op("COSH"), "cosh", "ttnn.cosh(x) (cosh_tile: from exp(|x|) / 4).")


def logit(input_tensor, *, eps=None, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.logit(x, eps=None): log(x / (1 - x)) with x clamped to [eps, 1 - eps] when eps is given (unary.cpp logit:
    UnaryOpType::LOGIT with eps or -1; logit_kernel: clamp_tile, rsub_tile, div_binary_tile, log_tile)."""
    e = -1.0 if eps is None else float(np.float32(eps))
    return _op("logit", [("LOGIT", (e,))], input_tensor, memory_config, output_tensor, kwargs)


lgamma = _named(_plain_op("LGAMMA"), "lgamma", "ttnn.lgamma(x): ln|gamma(x)| (lgamma_fast_kernel for bfloat16, "
                "lgamma_kernel for float32: Stirling with the reflection formula below 0.5).")
digamma = _named(_plain_op("DIGAMMA"), "digamma", "ttnn.digamma(x) (digamma_tile: a piecewise rational fit on "
                 "[0.01, 102], ln x - 1/(2x) - ... above).")
bitwise_not = _named(_plain_op("BITWISE_NOT"), "bitwise_not", "ttnn.bitwise_not(x): ~x of an INT32 tensor "
                     "(bitwise_not_tile: INT32 load, SFPNOT, INT32 store).")
relu6 = _named(_plain_op("RELU6"), "relu6", "ttnn.relu6(x): min(max(x, 0), 6) (relu_max_tile(idst, 0x40c00000)).")


exp2 = _named(_plain_op("EXP2"), "exp2", "ttnn.exp2(x): 2**x (exp2_tile).")
expm1 = _named(_plain_op("EXPM1"), "expm1", "ttnn.expm1(x): exp(x) - 1 (expm1_tile).")
log1p = _named(_fast_op("LOG1P"), "log1p", "ttnn.log1p(x, fast_and_approximate_mode=False): ln(1 + x), NaN below -1 "
               "(log1p_tile<fast_and_approximate_mode>, which the kernel ignores).")
erf = _named(_fast_op("ERF"), "erf", "ttnn.erf(x, fast_and_approximate_mode=False): the error function "
             "(erf_tile<mode>: a parity rational; fast: the reciprocal without Newton steps).")
erfc = _named(_plain_op("ERFC"), "erfc", "ttnn.erfc(x): 1 - erf(x) (erfc_tile: a two-segment rational on |x| <= 5).")
erfinv = _named(_plain_op("ERFINV"), "erfinv", "ttnn.erfinv(x): the inverse error function (erfinv_tile: Winitzki's "
                "approximation).")
i0 = _named(_plain_op("I0"), "i0", "ttnn.i0(x): the modified Bessel function I0 (i0_tile: a series in x * x).")
log_sigmoid = _named(_plain_op("LOGSIGMOID"), "log_sigmoid", "ttnn.log_sigmoid(x): log(1 / (1 + exp(-x))) "
                     "(logsigmoid_kernel: negative_tile, exp_tile<true>, logsigmoid_tile).")


def softplus(input_tensor, *, beta=1.0, threshold=20.0, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.softplus(x, beta=1.0, threshold=20.0): ln(1 + exp(beta x)) / beta, x where beta x >= threshold
    (softplus_tile with the bits of beta, 1.0f / beta and threshold)."""
    return _op("softplus", [("SOFTPLUS", (float(beta), float(threshold)))], input_tensor, memory_config, output_tensor,
               kwargs)


def xielu(input_tensor, *, alpha_p=0.8, alpha_n=0.8, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.xielu(x, *, alpha_p=0.8, alpha_n=0.8): alpha_p x^2 + x/2 for x > 0, else alpha_n (expm1(min(x, -1e-6)) - x)
    + x/2 (622c6fb9 unary.cpp xielu: UnaryOpType::XIELU with {alpha_p, alpha_n}, xielu_tile with their float32 bits;
    the binding's alphas are keyword-only floats)."""
    return _op("xielu", [("XIELU", (float(np.float32(alpha_p)), float(np.float32(alpha_n))))], input_tensor,
               memory_config, output_tensor, kwargs)


def polygamma(input_tensor, k, *, memory_config=None, **kwargs):
    """ttnn.polygamma(x, k): the k-th derivative of digamma, k in [1, 11] (622c6fb9 unary_composite_op.cpp polygamma:
    TT_FATAL on the range, then UnaryOpType::POLYGAMMA with {float(k), k! * (-1)**(k+1)} in float32, one
    polygamma_tile program: 11 exact terms and an Euler-Maclaurin tail). The binding (bind_unary_composite_int) takes
    k as an int and only memory_config besides."""
    import math
    O.refuse_unknown_kwargs("ttnn.polygamma", kwargs)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"ttnn.polygamma(): incompatible function arguments: k must be an int, got {type(k).__name__}")
    k = int(k)
    if not 1 <= k <= 11:
        raise TTNNError(f"polygamma order must be in range [1, 11], got {k}")
    n = np.float32(k)
    scale = np.float32(math.factorial(k)) * np.float32(-1.0 if k % 2 == 0 else 1.0)   # std::tgamma(1.0f + k): exact
    return unary_impl("polygamma", input_tensor, [("POLYGAMMA", (float(n), float(scale)))], memory_config)


def _float_param_op(op_type, name, param, doc):
    def fn(input_tensor, parameter=None, *, memory_config=None, output_tensor=None, **kwargs):
        if param in kwargs:
            if parameter is not None:
                raise TypeError(f"ttnn.{name}() got multiple values for argument '{param}'")
            parameter = kwargs.pop(param)
        if parameter is None:
            raise TypeError(f"ttnn.{name}() missing required argument '{param}'")
        return _op(name, [(op_type, (float(parameter),))], input_tensor, memory_config, output_tensor, kwargs)
    return _named(fn, name, doc)


leaky_relu = _float_param_op("LEAKY_RELU", "leaky_relu", "negative_slope",
                             "ttnn.leaky_relu(x, negative_slope): x < 0 ? x * slope : x (leaky_relu_tile).")
relu_max = _float_param_op("RELU_MAX", "relu_max", "upper_limit",
                           "ttnn.relu_max(x, upper_limit): min(max(x, 0), upper_limit) (relu_max_tile).")
relu_min = _float_param_op("RELU_MIN", "relu_min", "lower_limit",
                           "ttnn.relu_min(x, lower_limit): max(x, lower_limit) (relu_min_tile).")


_F32_LOWEST = float(np.finfo(np.float32).min)
_F32_MAX = float(np.finfo(np.float32).max)


def clamp(input_tensor, min=None, max=None, *, memory_config=None, output_tensor=None, **kwargs):  # noqa: A002
    """ttnn.clamp(x, min=None, max=None) with numbers: unary_composite_op.cpp clamp -> clamp_tss (clamp_tile with the
    float32 bits of min / max; a missing bound is float32's lowest / max); with integer bounds, clamp_tile_int32 on
    an INT32 tensor. Tensor bounds: the where / maximum / minimum composite (_clamp_tensor_bounds)."""
    if min is None and max is None:
        # ttnn's binding resolves clamp(x, None, None) to the tensor-bounds overload (unary_composite_op.cpp), whose
        # TT_FATAL says this (tt-metal's test_unary.py test_unary_clamp_tss_*_ttnn expects this message)
        raise TTNNError("ttnn.clamp: Only one of 'min' or 'max' can be None. Please provide one value")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        O.refuse_unknown_kwargs("ttnn.clamp", kwargs)
        return _clamp_tensor_bounds(input_tensor, min, max, memory_config)
    def is_int(v):      # nanobind gives a Python int the variant's int32_t alternative
        return isinstance(v, (int, np.integer)) and not isinstance(v, bool)

    if any(is_int(v) for v in (min, max)):
        # has_int32_scalar: both bounds are int32 (std::get<int32_t>); a missing one is -/+16775716, not the float
        # range; an INT32 input runs clamp_tile_int32, any other dtype clamp_tile with the bounds as floats
        if not all(v is None or is_int(v) for v in (min, max)):
            raise NotModelledError("ttnn.clamp with one integer and one float bound: unary_composite_op.cpp clamp reads "
                                   "both as int32_t (std::get), which the card's binding refuses or mis-reads; tensix "
                                   "does not model it.\nFix: give both bounds as ints or both as floats.")
        bounds = [_INT_CLAMP_DEFAULT[i] if v is None else int(v) for i, v in enumerate((min, max))]
        for v in bounds:
            if not -2 ** 31 <= v < 2 ** 31:
                raise TTNNError(f"ttnn.clamp: bound {v} does not fit the int32_t it is passed as.")
        return _op("clamp", [("CLAMP_TSS", tuple(bounds))], input_tensor, memory_config, output_tensor, kwargs)
    lo = _F32_LOWEST if min is None else float(min)
    hi = _F32_MAX if max is None else float(max)
    if isinstance(input_tensor, Tensor) and input_tensor.dtype == DataType.INT32:
        input_tensor = typecast(input_tensor, DataType.FLOAT32, memory_config=memory_config)
    return _op("clamp", [("CLAMP_TSS", (lo, hi))], input_tensor, memory_config, output_tensor, kwargs)


_INT_CLAMP_DEFAULT = (-16775716, 16775716)     # unary_composite_op.cpp clamp: a missing int32 bound


def _clamp_tensor_bounds(x, lo, hi, memory_config):
    """unary_composite_op.cpp clamp(Tensor, optional<Tensor>, optional<Tensor>) (622c6fb9), each step a device op in
    the output memory config (memory_config, else x's); output_tensor is ignored there. One bound:
    where(ge(x, lo), x, lo) / where(le(x, hi), x, hi). Both: m = minimum(x, hi), then
    where(eq(lo, 0), relu(m), maximum(m, lo)), then where(gt(lo, hi), hi, that)."""
    from tensix.ttnn.operations.binary import eq, ge, gt, le, maximum, minimum
    from tensix.ttnn.operations.ternary import where
    for name, v in (("min", lo), ("max", hi)):
        if v is not None and not isinstance(v, Tensor):
            raise TypeError(f"ttnn.clamp(): incompatible function arguments: with a tensor bound, {name} must be a "
                            f"ttnn.Tensor or None (got {type(v).__name__}).\nFix: pass both bounds as tensors (or "
                            "None), or both as numbers.")
    mc = memory_config if memory_config is not None else x.memory_config()
    if hi is None:
        return where(ge(x, lo, memory_config=mc), x, lo, memory_config=mc)
    if lo is None:
        return where(le(x, hi, memory_config=mc), x, hi, memory_config=mc)
    a_max = minimum(x, hi, memory_config=mc)
    temp = where(eq(lo, 0.0, memory_config=mc), relu(a_max, memory_config=mc), maximum(a_max, lo, memory_config=mc),
                 memory_config=mc)
    return where(gt(lo, hi, memory_config=mc), hi, temp, memory_config=mc)


clip = clamp


def unary_chain(input_tensor, ops_chain, *, memory_config=None, output_tensor=None, **kwargs):
    """ttnn.unary_chain(x, [UnaryWithParam, ...]): the ops in one eltwise_sfpu program (SFPU_OP_CHAIN_0)."""
    return _op("unary_chain", list(normalize_activations(ops_chain, "ttnn.unary_chain")), input_tensor,
               memory_config, output_tensor, kwargs)


def unary_remainder(input_tensor, parameter, *, memory_config=None, output_tensor=None, sub_core_grids=None):
    """ttnn::unary_remainder (622c6fb9 unary.cpp DEFINE_UNARY_OP_WITH_FLOAT_PARAM): UnaryOpType::REMAINDER with the
    float divisor (remainder_tile_init / remainder_tile with its bits and those of 1.0f / divisor)."""
    return unary_impl("remainder", input_tensor, [("REMAINDER", (float(np.float32(parameter)),))], memory_config,
                      output_tensor, sub_core_grids)


def unary_fmod(input_tensor, parameter, *, memory_config=None, output_tensor=None, sub_core_grids=None):
    """ttnn::unary_fmod: UnaryOpType::FMOD with the float divisor (fmod_tile_init / fmod_tile)."""
    return unary_impl("fmod", input_tensor, [("FMOD", (float(np.float32(parameter)),))], memory_config,
                      output_tensor, sub_core_grids)


def unary_max_min(name, t, value, memory_config=None, output_tensor=None):
    """ttnn.maximum / minimum with a number: binary_composite_op.cpp's unary UNARY_MAX / UNARY_MIN (unary_max_tile),
    whose SFPU kernel tensix does not model."""
    raise NotModelledError(f"ttnn.{name}(tensor, number) runs the unary op {name.upper()} (unary_"
                           f"{'max' if name == 'maximum' else 'min'}_tile), whose SFPU kernel is not modelled by "
                           "tensix.ttnn.\nFix: ttnn.full_like the number into a tensor and use the tensor form.")


# ---- typecast ---------------------------------------------------------------------------------------------------
_TYPECAST_FLOAT = (DataType.BFLOAT16, DataType.FLOAT32, DataType.BFLOAT8_B, DataType.BFLOAT4_B)
_TYPECAST_INT = (DataType.INT32, DataType.UINT32, DataType.UINT16, DataType.UINT8)


def bitcast(input_tensor, dtype, *, memory_config=None, output_tensor=None, sub_core_grids=None, **kwargs):
    """ttnn.bitcast(t, dtype): the same bits read as another dtype (tt-metal 622c6fb9 unary.cpp bitcast: a BITCAST
    chain through unary_impl, whose program (unary_program_factory.cpp) gives the input CB the output's data format
    and runs the identity kernel: copy_tile, pack_tile). So the bits go through the unpacker and packer as the output
    format: a NaN bfloat16 pattern can come out as infinity, float32 denormals as zero, as on a card (the vendored
    test allows for both). Dtypes of different sizes (the input CB's pages would hold tiles of another size) and the
    block floats are refused (NotModelledError), uint8 with them (no other dtype is one byte wide)."""
    what = "ttnn.bitcast"
    O.refuse_unknown_kwargs(what, kwargs)
    if not isinstance(dtype, DataType):
        raise DTypeError(f"{what}: dtype must be a ttnn.DataType, got {dtype!r}.")
    if output_tensor is not None and output_tensor.dtype != dtype:
        raise DTypeError(f"{what}: If both output dtype and output tensor provided dtype should match "
                         f"({dtype!r} vs {output_tensor.dtype!r}).")
    t = input_tensor
    blocks = (DataType.BFLOAT8_B, DataType.BFLOAT4_B)
    if t.dtype in blocks or dtype in blocks or mh_tile_size(data_format(t.dtype)) != mh_tile_size(data_format(dtype)):
        raise NotModelledError(f"{what}({t.dtype!r} -> {dtype!r}): a bitcast between dtypes of different sizes (or "
                               "block floats) runs tt-metal's unary program with the input's pages read as tiles of "
                               "the output's format, which tensix does not model.\nFix: bitcast between dtypes of "
                               "the same width (uint16 <-> bfloat16, int32 / uint32 <-> float32).")
    return unary_impl("bitcast", t, [("BITCAST", (t.dtype, dtype))], memory_config, output_tensor, sub_core_grids)


def typecast(input_tensor, dtype, memory_config=None, output_tensor=None, sub_core_grids=None, **kwargs):
    """ttnn.typecast(t, dtype) on the device (a host tensor is converted on the host, as ttnn's to_dtype):
    copy/typecast typecast_impl + TypecastProgramFactory for TILE tensors of bfloat16 / float32 / bfloat8_b /
    bfloat4_b / int32 / uint32 / uint16 / uint8 (the integer casts: typecast.h's typecast_tile<IN, OUT> with tt-llk's
    ckernel_sfpu_typecast.h, tensix.sfpi.llk_typecast). typecast_impl's settings: preserve_fp32_precision (the input
    CB marked UnpackToDestFp32, which unpacks only a Float32 CB straight to Dst) for a float32 or uint8 input, a
    uint8 output from bfloat16 / bfloat8_b / bfloat4_b, uint16 -> uint8; fp32_dest_acc_en also for a float32 / int32
    / uint32 output or an int32 / uint32 input; bfp8_pack_precise for a bfloat8_b output. UInt16 data in a 32-bit Dst
    (uint16 <-> float32 / int32 / uint32 / uint8) and UInt8 tiles: tensix.device.formats copy_tile_to_dest /
    pack_from_dest. Not modelled (NotModelledError): bfloat8_b outputs from a 32-bit Dst (float32 / int32 / uint32 /
    uint8 -> bfloat8_b: bfp8_pack_precise packs FP32)."""
    started = time.perf_counter()
    what = "ttnn.typecast"
    if isinstance(dtype, Tensor) and isinstance(kwargs.get("output_dtype"), DataType):   # typecast(t, in, out)
        dtype = kwargs.pop("output_dtype")
    if not isinstance(input_tensor, Tensor):
        raise TTNNError(f"{what}: input_tensor must be a ttnn.Tensor.")
    if input_tensor.device() is None:
        if output_tensor is not None:
            raise TTNNError("Preallocated output tensor is not supported for host tensor typecast. Use to_dtype "
                            "directly if you need this functionality.")
        from tensix.ttnn import core
        return core.typecast(input_tensor, dtype)
    O.refuse_unknown_kwargs(what, kwargs)
    if output_tensor is not None and output_tensor.dtype != dtype:
        raise DTypeError(f"{what}: If both output dtype and output tensor provided dtype should match "
                         f"({dtype!r} vs {output_tensor.dtype!r}).")
    _check_input(what, input_tensor)
    dev = O.device_of(what, input_tensor)
    workers = None if sub_core_grids is None else worker_grid(what, dev, sub_core_grids)
    in_dtype = input_tensor.dtype
    if input_tensor.is_sharded():
        raise NotModelledError(f"{what}: a sharded input: ttnn runs TypecastShardedProgramFactory (same tile sizes, L1 "
                               "buffers) or TypecastProgramFactory, whose TensorAccessor reads of a sharded buffer "
                               "tensix.ttnn does not model.\nFix: ttnn.to_memory_config(t, ttnn.DRAM_MEMORY_CONFIG) "
                               "first.")
    for d, arg in ((in_dtype, "the input"), (dtype, "dtype")):
        if d not in _TYPECAST_FLOAT and d not in _TYPECAST_INT:
            raise NotModelledError(f"{what}: {arg} is {d!r}; tensix.ttnn models typecast between bfloat16, float32, "
                                   "bfloat8_b, bfloat4_b, int32, uint32, uint16 and uint8.")
    if input_tensor.layout != Layout.TILE:
        raise NotModelledError(f"{what}: row-major tensors (TypecastRowMajorChunkedProgramFactory) are not modelled "
                               "by tensix.ttnn.\nFix: ttnn.to_layout(t, ttnn.TILE_LAYOUT) first.")
    # typecast.cpp typecast_impl
    preserve = (in_dtype in (DataType.FLOAT32, DataType.UINT8)
                or (dtype == DataType.UINT8 and in_dtype in (DataType.BFLOAT16, DataType.BFLOAT8_B, DataType.BFLOAT4_B,
                                                             DataType.UINT16)))
    fp32 = preserve or dtype in (DataType.FLOAT32, DataType.INT32, DataType.UINT32) or in_dtype in (DataType.INT32,
                                                                                                  DataType.UINT32)
    if dtype == DataType.BFLOAT8_B and fp32:
        raise NotModelledError(f"{what}: {in_dtype.name.lower()} -> bfloat8_b packs with bfp8_pack_precise from an "
                               "fp32 Dst (FP32 truncated to BF16, then rounded to BFP8), which tensix's packer model "
                               "does not have (it rounds to BF16).\nFix: typecast to bfloat16 first, then to "
                               "bfloat8_b.")
    mc = output_tensor.memory_config() if output_tensor is not None else (memory_config or
                                                                          input_tensor.memory_config())
    if mc.is_sharded():
        raise NotModelledError(f"{what}: a sharded memory_config is not modelled by tensix.ttnn.")
    if output_tensor is not None:
        O.device_of(what, output_tensor)
        if tuple(output_tensor.shape) != tuple(input_tensor.shape):
            raise ShapeError(f"{what}: Typecast operation requires input and preallocated output logical shapes to "
                             f"match. Input shape: {input_tensor.shape!r}, Preallocated output shape: "
                             f"{output_tensor.shape!r}")
    out = output_tensor if output_tensor is not None else O.output_tensor(dev, tuple(input_tensor.shape), dtype,
                                                                          Layout.TILE, mc)
    if input_tensor.shape.volume() == 0:
        return out
    from tensix.ttnn.kernels.eltwise import typecast_sfpu
    init, func = typecast_sfpu.init_and_func(data_format(in_dtype), data_format(dtype))
    n_tiles = out.num_pages
    key = ("typecast", in_dtype, dtype, mc, input_tensor.memory_config(), n_tiles,
           None if workers is None else workers.ranges)
    O.run(what, dev, key, lambda: _typecast_factory(dev, input_tensor, out, n_tiles, init, func, fp32, preserve,
                                                    workers),
          [input_tensor, out], [out], {"dtype": dtype.name}, started)
    return out


def _typecast_factory(device, t, out, n_tiles, init, func, fp32, preserve, workers=None):
    """typecast_program_factory.cpp for interleaved TILE tensors. TypecastProgramFactory: kernels on the working cores,
    split column-wise (split_work_to_cores with row_wise = is_row_major = false), per-group compile-time block counts.
    TypecastSubgridProgramFactory (sub_core_grids): the largest number of the sub grid's cores that divides the tiles
    evenly, the first that many cores in range order (row by row), each the same number of tiles."""
    if workers is None:
        grid = device.compute_with_storage_grid_size()
        _n, used, g1, g2, n1, n2 = mh.split_work_to_cores(grid, n_tiles, False)
        groups = [(g, n) for g, n in ((g1, n1), (g2, n2)) if len(list(g))]
        counts = {c: n for g, n in groups for c in g}
        order = sorted(used, key=lambda c: (c.x, c.y))      # corerange_to_cores(all_cores, nullopt, row_wise=false)
    else:
        ncores = workers.num_cores()
        while ncores > 1 and n_tiles % ncores:
            ncores -= 1
        order = range_cores(workers, True)[:ncores]
        used = CoreRangeSet(order)
        groups = [(used, n_tiles // ncores)]
        counts = {c: n_tiles // ncores for c in order}
    prog = mh.CreateProgram()
    in_fmt, out_fmt = data_format(t.dtype), data_format(out.dtype)
    O.cb(prog, used, 0, 2, in_fmt)
    O.cb(prog, used, 2, 2, out_fmt)
    rk = mh.CreateKernel(prog, O.kernel_path("eltwise/reader_unary_interleaved_start_id.py"), used,
                         ReaderDataMovementConfig(compile_args=O.accessor_args(t)))
    wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_unary_interleaved_start_id.py"), used,
                         WriterDataMovementConfig(compile_args=[2] + O.accessor_args(out)))
    utd = {0: UnpackToDestMode.UnpackToDestFp32} if preserve else {}
    defines = {"TYPECAST_LLK_INIT": init, "TYPECAST_LLK": func}
    for group, n in groups:
        mh.CreateKernel(prog, O.kernel_path("eltwise/eltwise_typecast.py"), group, ComputeConfig(
            fp32_dest_acc_en=fp32, unpack_to_dest_mode=utd, math_approx_mode=False, compile_args=[n, 1, 0, 2],
            defines=defines))

    def set_args(tensors):
        ti, to = tensors
        start = 0
        for core in order:
            n = counts[core]
            mh.SetRuntimeArgs(prog, rk, core, [ti.buffer_address(), n, start])
            mh.SetRuntimeArgs(prog, wk, core, [to.buffer_address(), n, start])
            start += n

    return O.ProgramEntry(prog, set_args, len(order), "typecast", {"fp32_dest_acc_en": fp32})
