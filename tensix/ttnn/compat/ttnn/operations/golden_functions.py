"""Golden functions that ttnn registers in ttnn/ttnn/experimental_loader/golden_functions.py (tt-metal 622c6fb9)
rather than in a module of ttnn/ttnn/operations/, for the ops tensix runs: ttnn.bcast."""

from __future__ import annotations

from tensix.ttnn.compat.ttnn.decorators import attach_golden_function


def _bcast(in0, in1, math_op, dim, *args, **kwargs):
    """torch a op b with torch's broadcasting; where the result grew past a in a dim of size 1 of a, that dim is cut
    back to a's extent (the golden's slicing)."""
    from tensix.ttnn.operations.bcast import BcastOpDim, BcastOpMath
    if dim not in (BcastOpDim.W, BcastOpDim.H, BcastOpDim.HW):
        raise AssertionError("Invalid bcast dimension")
    if math_op == BcastOpMath.ADD:
        res = in0 + in1
    elif math_op == BcastOpMath.SUB:
        res = in0 - in1
    elif math_op == BcastOpMath.MUL:
        res = in0 * in1
    else:
        raise AssertionError("Invalid math operation")
    if res.shape != in0.shape:
        cut = []
        for r, a in zip(res.shape, in0.shape):
            if r > a and a == 1:
                cut.append(slice(0, 1))
            elif r >= a:
                cut.append(slice(0, a))
            else:
                cut.append(slice(None))
        res = res[tuple(cut)]
    return res


attach_golden_function("bcast", _bcast)
