# SPDX-FileCopyrightText: © 2025 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/eltwise/test_expm1.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import torch
import pytest
import ttnn
import math
from tests.ttnn.utils_for_testing import assert_with_ulp


def flush_subnormal_values(tensor):
    # f32 and bf16 numbers are subnormals if exponent == 0
    # i.e. if  their value < 2**(-126)
    SUBNORMAL_THRESHOLD = 2.0 ** (-126)
    mask = torch.abs(tensor) < SUBNORMAL_THRESHOLD
    tensor[mask] = 0.0
    return tensor


@pytest.mark.parametrize(
    "dtype",
    [
        "bfloat16",
        "float32",
    ],
)
def test_expm1_all_bitpatterns(dtype, device):
    torch_dtype = getattr(torch, dtype)
    tt_dtype = getattr(ttnn, dtype)

    # Generate all possible 16-bit patterns and
    # For dtype == bfloat16, this covers all possible inputs
    # For dtype == float32, this only covers some inputs
    all_bitpatterns = torch.arange(0, 2**16, dtype=torch.int32).to(torch.uint16)
    input_tensor = all_bitpatterns.view(torch.bfloat16)
    input_tensor = input_tensor.to(torch_dtype)  # bfloat16 -> torch_dtype

    # If input is subnormal then we assume hardware will flush it to 0.0
    input_tensor = flush_subnormal_values(input_tensor)

    # BF16 NaN values are packed as infinity during device transfer, so they are not
    # valid inputs for checking expm1's NaN propagation. The float32 parametrisation
    # covers NaN propagation using the same generated bit patterns.
    if tt_dtype == ttnn.bfloat16:
        input_tensor = input_tensor[~torch.isnan(input_tensor)]

    tt_in = ttnn.from_torch(
        input_tensor,
        dtype=tt_dtype,
        device=device,
        layout=ttnn.TILE_LAYOUT,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    golden_function = ttnn.get_golden_function(ttnn.expm1)
    golden = golden_function(input_tensor, device=device)

    tt_result = ttnn.expm1(tt_in)
    result = ttnn.to_torch(tt_result)

    # If expected output is subnormal then its calculated value should be 0.0 (hardware assumed to flush to 0.0)
    result = flush_subnormal_values(result)

    assert_with_ulp(golden, result, 1, allow_nonfinite=True)


@pytest.mark.parametrize(
    "low, high, expected_atol, expected_rtol",
    [
        (-1.6 * 10**38, -0.28515625, 0.001, 0.004),
        (-0.28515625, 0.69140625, 0.004, 0.02),
        (0.69140625, 88.5, 0.001, 0.01),
    ],
)
def test_expm1_allclose(low, high, expected_atol, expected_rtol, device):
    num_elements = math.prod([1, 3, 320, 320])
    torch_input = torch.linspace(high, low, num_elements, dtype=torch.bfloat16)
    torch_input = torch_input[:num_elements].reshape(torch.Size([1, 3, 320, 320]))

    golden_function = ttnn.get_golden_function(ttnn.expm1)
    golden = golden_function(torch_input, device=device)

    tt_in = ttnn.from_torch(
        torch_input,
        dtype=ttnn.bfloat16,
        device=device,
        layout=ttnn.TILE_LAYOUT,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    tt_result = ttnn.expm1(tt_in)
    result = ttnn.to_torch(tt_result)

    assert torch.allclose(golden, result, atol=expected_atol, rtol=expected_rtol)
