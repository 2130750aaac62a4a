"""ttnn.pearson_correlation_coefficient (tt-metal 622c6fb9 ttnn/ttnn/operations/comparison.py), the comparison
tt-metal's tests assert on: NaN/Inf masked to 0, special answers for all-NaN, all-zero and equal tensors, else the
smallest entry of numpy's masked correlation matrix."""

from __future__ import annotations


def pearson_correlation_coefficient(expected, actual):
    import numpy as np
    import torch

    from tensix.ttnn import core
    from tensix.ttnn.tensor import Tensor
    if isinstance(actual, Tensor):
        actual = core.to_torch(actual)
    if not isinstance(expected, torch.Tensor):
        raise ValueError("Expected tensor is not a torch.Tensor")
    expected = torch.Tensor(expected)
    actual = torch.Tensor(actual)
    if expected.dtype != actual.dtype:
        actual = actual.type(expected.dtype)

    nan_e, nan_a = torch.isnan(expected), torch.isnan(actual)
    if torch.all(nan_e) and torch.all(nan_a):
        _log("warning", "Both tensors are 'nan'")
        return 1.0
    if torch.all(nan_e) or torch.all(nan_a):
        _log("error", "One tensor is all nan, the other is not.")
        return 0.0
    if torch.any(expected.bool()) != torch.any(actual.bool()):
        _log("error", "One tensor is all zero")
        return 0.0

    def masked(t):
        t = t.clone()
        t[torch.isnan(t) | torch.isinf(t)] = 0
        return t

    expected, actual = masked(expected), masked(actual)
    if torch.equal(expected, actual):
        return 1.0
    if expected.dtype == torch.bfloat16:
        expected, actual = expected.float(), actual.float()
    e = np.ma.masked_invalid(torch.squeeze(expected).detach().numpy()).flatten()
    a = np.ma.masked_invalid(torch.squeeze(actual).detach().numpy()).flatten()
    out = np.min(np.ma.corrcoef(e, a))
    if isinstance(out, np.ma.core.MaskedConstant):
        return 1.0
    return out


def _log(level, message):
    """Log as ttnn does (loguru), or through the standard logging module where loguru is not installed."""
    try:
        from loguru import logger
    except ImportError:
        import logging
        logger = logging.getLogger("ttnn")
    getattr(logger, level)(message)
