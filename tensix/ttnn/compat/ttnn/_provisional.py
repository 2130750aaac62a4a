"""Value types that ttnn's tests build at import time (`ttnn.UnaryWithParam(ttnn.UnaryOpType.RELU)` in a
parametrize list) but that no tensix op family defines yet. The facade serves them only while tensix.ttnn has no
name of its own: an op family that adds `UnaryOpType` / `UnaryWithParam` to tensix.ttnn takes over (the facade
looks in tensix.ttnn first).

UnaryOpType: the enumerators of tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/common/unary_op_types.hpp,
in order (values as the C++ enum's). UnaryWithParam: ttnn-nanobind/activation.cpp's constructor forms
(op_type; op_type, param...; a (op_type, number) pair) and repr."""

from __future__ import annotations

import enum

_NAMES = """
    EXP RECIP GELU RELU SQRT SIGMOID LOG LOG1P TANH LOG2 LOG10 SIN COS COSH SINH ABS ABS_INT32 SIGN SQUARE EQZ
    NEZ GTZ LTZ GEZ LEZ RELU_MAX RELU_MIN POWER POWER_ITERATIVE LEAKY_RELU ELU EXP2 HEAVISIDE EXPM1 SIGNBIT ASIN
    ACOS ACOSH RSQRT RELU6 ATAN ASINH ATANH ERF ERFC ISINF ISPOSINF ISNEGINF ISNAN LOGICAL_NOT_UNARY ISFINITE
    ERFINV I0 I1 TAN RSUB RDIV SILU SOFTPLUS IDENTITY NEG ADD_UNARY_SFPU SUB_UNARY_SFPU MUL_UNARY_SFPU
    DIV_UNARY_SFPU UNARY_NE UNARY_EQ UNARY_GT UNARY_LT UNARY_GE UNARY_LE TILED_PROD TYPECAST BITCAST BITWISE_XOR
    BITWISE_NOT BITWISE_AND BITWISE_OR RIGHT_SHIFT FLOOR CEIL TRUNC FRAC ROUND LEFT_SHIFT REMAINDER FMOD DROPOUT
    FILL PRELU_SFPU ZERO_POINT ALT_COMPLEX_ROTATE90 MISH HARDMISH MAXIMUM MINIMUM TANHSHRINK THRESHOLD
    SOFTSHRINK HARDSHRINK HARDTANH HARDSIGMOID HARDSWISH WHERE_TSS SOFTSIGN CELU CLAMP_TSS SELU RPOW CBRT
    LOGSIGMOID LOGIT XIELU LGAMMA DIGAMMA POLYGAMMA
""".split()


class _CppEnum(enum.Enum):
    def __repr__(self):
        return f"{type(self).__name__}.{self.name}"

    __str__ = __repr__

    @property
    def cpp(self):
        return f"{type(self).__name__}::{self.name}"


# ttnn.UnaryOpType (printed `UnaryOpType.RELU`; `UnaryOpType::RELU` inside other reprs)
UnaryOpType = _CppEnum("UnaryOpType", [(n, i) for i, n in enumerate(_NAMES)], module=__name__)


class UnaryWithParam:
    """ttnn.UnaryWithParam(op_type, *params) or UnaryWithParam((op_type, param)): a fused unary op and its float
    parameters."""

    def __init__(self, op_type, *params):
        if isinstance(op_type, tuple) and not params:
            op_type, params = op_type[0], (op_type[1],)
        if not isinstance(op_type, UnaryOpType):
            raise TypeError(f"UnaryWithParam: op_type must be a ttnn.UnaryOpType, not {op_type!r}")
        self.op_type = op_type
        self.params = [float(p) for p in params]

    def __eq__(self, other):
        return isinstance(other, UnaryWithParam) and (self.op_type, self.params) == (other.op_type, other.params)

    def __hash__(self):
        return hash((self.op_type, tuple(self.params)))

    def __repr__(self):
        cpp = f"UnaryOpType::{self.op_type.name}"
        if not self.params:
            return f"UnaryWithParam(op_type={cpp})"
        return f"UnaryWithParam(op_type={cpp}, params=[{', '.join(format(p, 'g') for p in self.params)}])"
