"""The PyTorch models the torch-mlir front-end tests and benchmarks/compiled_mlp.py compile (torch only, imported
where torch is installed)."""

import math

import numpy as np
import torch
from torch import nn


class MLP(nn.Module):
    """Llama's MLP: down(silu(gate(x)) * up(x)), no biases."""

    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.down(nn.functional.silu(self.gate(x)) * self.up(x))


class Attention(nn.Module):
    """Multi-head self-attention on a [tokens, dim] input, without mask or biases."""

    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(dim, dim, bias=False)
        self.k = nn.Linear(dim, dim, bias=False)
        self.v = nn.Linear(dim, dim, bias=False)
        self.o = nn.Linear(dim, dim, bias=False)

    def forward(self, x):
        t, d = x.shape
        hd = d // self.heads
        q = self.q(x).reshape(t, self.heads, hd).transpose(0, 1)
        k = self.k(x).reshape(t, self.heads, hd).transpose(0, 1)
        v = self.v(x).reshape(t, self.heads, hd).transpose(0, 1)
        a = torch.softmax(q @ k.transpose(-1, -2) * (1.0 / math.sqrt(hd)), dim=-1)
        return self.o((a @ v).transpose(0, 1).reshape(t, d))


def pcc(a, b) -> float:
    a = np.asarray(a.float() if hasattr(a, "float") else a, dtype=np.float64).ravel()
    b = np.asarray(b.float() if hasattr(b, "float") else b, dtype=np.float64).ravel()
    return float(np.corrcoef(a, b)[0, 1])
