# SPDX-FileCopyrightText: © 2024 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/eltwise/test_hardtanh.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import pytest

import torch

import ttnn
from tests.ttnn.utils_for_testing import assert_equal, assert_with_ulp

pytestmark = pytest.mark.use_module_device


@pytest.mark.parametrize(
    "shapes",
    [[1, 1, 32, 32], [64, 64], [2, 2, 3, 256, 256]],
)
def test_hardtanh_default(device, shapes):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.randn(shapes[0], dtype=torch.bfloat16) * 10

    golden_fn = ttnn.get_golden_function(ttnn.hardtanh)
    torch_output_tensor = golden_fn(torch_input_tensor_a)

    input_tensor_a = ttnn.from_torch(
        torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    output_tensor = ttnn.hardtanh(input_tensor_a)
    output_tensor = ttnn.to_torch(output_tensor)

    assert_equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize(
    "shapes",
    [[1, 1, 32, 32], [64, 64], [2, 2, 3, 256, 256]],
)
@pytest.mark.parametrize(
    "min",
    [0.25, 0.5, 0.66, -1],
)
@pytest.mark.parametrize(
    "max",
    [1, 2.5, 3, 6.6],
)
def test_hardtanh_args(device, shapes, min, max):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.randn(shapes[0], dtype=torch.bfloat16) * 10

    golden_fn = ttnn.get_golden_function(ttnn.hardtanh)
    torch_output_tensor = golden_fn(torch_input_tensor_a, min_val=min, max_val=max)

    input_tensor_a = ttnn.from_torch(
        torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    output_tensor = ttnn.hardtanh(input_tensor_a, min_val=min, max_val=max)
    output_tensor = ttnn.to_torch(output_tensor)

    assert_with_ulp(torch_output_tensor, output_tensor, ulp_threshold=1)
