"""Generates host_reference.npz: what the real ttnn (the PyPI wheel ttnn==0.81.1, host side only, no card) makes of
a set of inputs, so that tests/test_ttnn_host_oracle.py can hold tensix.ttnn's host conversions to it.

Run in a Python 3.12 venv with the wheel installed (shared/reference/ttnn_wheel.md):
    TT_METAL_MOCK_CLUSTER_DESC_PATH=.../n150_mock_cluster_desc.yaml ~/v312/bin/python make_host_reference.py
The inputs are generated here from fixed seeds and stored beside the outputs."""

import numpy as np
import ttnn

rng = np.random.default_rng(20261126)
out = {}


def host(t):
    """The tensor's logical values as a plain numpy array (float32 for the float dtypes, which holds bfloat16 and
    bfloat8_b values exactly), through to_list."""
    kind = {ttnn.uint16: np.uint16, ttnn.uint32: np.uint32, ttnn.int32: np.int32}.get(t.dtype, np.float32)
    return np.array(t.to_list(), kind)


def case(name, x):
    out[f"{name}/input"] = x


# float32 inputs for the float conversions
wide = (rng.standard_normal((4, 37, 45)) * np.exp2(rng.integers(-30, 30, (4, 37, 45)))).astype(np.float32)
ties = (1 + np.arange(-64, 64, dtype=np.float32) * 2.0**-8).reshape(4, 32)       # bf16 ties and their neighbours
ties = np.concatenate([ties, -ties, ties * 2.0**-126, ties * 2.0**100])           # signs, denormal range, large
special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3.4e38, -3.4e38, 1.1754942e-38, 65504.0,
                    1e-40, 0.5, -0.5] + [0.0] * 18, np.float32).reshape(1, 32)
blocky = (rng.standard_normal((2, 64, 64)) * np.exp2(rng.integers(-8, 8, (2, 64, 1)))).astype(np.float32)
blocky[0, 5, :16] = 0.0                                                           # an all-zero row of 16
blocky[1, 7, 3] = 1.0 - 2.0**-24                                                  # rounds up past its exponent
odd = rng.standard_normal((3, 33, 50)).astype(np.float32)
# block-float ties: each row of 16 holds +-1.75 (the shared exponent) and multiples of 2^-5, so bfloat4_b's 3-bit
# and bfloat8_b's 7-bit magnitudes meet exact ties, values just off them, and values that round to zero
steps = np.arange(-240, 240, dtype=np.float32) * 2.0**-5
bfp_ties = np.concatenate([np.full((32, 1), 1.75, np.float32), steps.reshape(32, 15)], axis=1)
bfp_ties = np.concatenate([bfp_ties, -bfp_ties, bfp_ties + 2.0**-12], axis=1)
ints = (rng.standard_normal((2, 40)) * 70000).astype(np.float32)

for name, x in [("wide", wide), ("ties", ties), ("special", special), ("blocky", blocky), ("odd", odd),
                ("bfp_ties", bfp_ties)]:
    case(name, x)
    out[f"{name}/bfloat16"] = host(ttnn.Tensor(tensor=x, data_type=ttnn.bfloat16, layout=ttnn.ROW_MAJOR_LAYOUT))
    if name != "special":
        t = ttnn.Tensor(tensor=x, data_type=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT)
        out[f"{name}/bfloat8_b"] = host(t)
        out[f"{name}/bfloat8_b_padded_shape"] = np.array(list(t.padded_shape))
        out[f"{name}/bfloat4_b"] = host(ttnn.Tensor(tensor=x, data_type=ttnn.bfloat4_b, layout=ttnn.TILE_LAYOUT))
case("ints", ints)
for dt in ("uint16", "int32", "uint32"):
    out[f"ints/{dt}"] = host(ttnn.Tensor(tensor=ints, data_type=getattr(ttnn, dt), layout=ttnn.ROW_MAJOR_LAYOUT))

shapes = [(7,), (32,), (33,), (1, 1), (5, 40), (2, 3, 40), (1, 1, 32, 32), (2, 1, 33, 65), (2, 3, 4, 5, 6)]
for i, s in enumerate(shapes):
    t = ttnn.Tensor(tensor=np.zeros(s, np.float32), data_type=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)
    out[f"shape{i}/shape"] = np.array(s)
    out[f"shape{i}/padded"] = np.array(list(t.padded_shape))

np.savez_compressed("host_reference.npz", **out)
print(len(out), "arrays")
