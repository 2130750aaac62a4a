# SPDX-FileCopyrightText: © 2023 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/reduce/test_max.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import pytest

pytestmark = pytest.mark.use_module_device

import torch

import ttnn
from models.common.utility_functions import torch_random
from tests.ttnn.utils_for_testing import assert_equal

TEST_PADDING_VALUE = -42


@pytest.mark.parametrize("batch_size", [1, 16])
@pytest.mark.parametrize("h", [32, 64, 41, 10])
@pytest.mark.parametrize("w", [32, 64, 31, 18])
@pytest.mark.parametrize("dim", [-1, -2])
@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16])
def test_max(device, batch_size, h, w, dim, dtype):
    torch.manual_seed(0)

    torch_input_tensor = torch_random((batch_size, h, w), -100, 100, dtype=torch.bfloat16)
    torch_output_tensor, _ = torch.max(torch_input_tensor, dim=dim)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device, dtype=dtype)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.max(input_tensor, dim=dim)
    output_tensor = ttnn.to_layout(output_tensor, ttnn.TILE_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)

    output_tensor = ttnn.to_torch(output_tensor)

    # test for equivalance
    assert_equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize("batch_size1", [2])
@pytest.mark.parametrize("batch_size2", [32])
@pytest.mark.parametrize("h", [64, 15])
@pytest.mark.parametrize("w", [64, 22])
@pytest.mark.parametrize("dim", [-3])
def test_max_4d(device, batch_size1, batch_size2, h, w, dim):
    torch.manual_seed(0)

    torch_input_tensor = torch_random((batch_size1, batch_size2, h, w), -100, 100, dtype=torch.bfloat16)
    torch_output_tensor, _ = torch.max(torch_input_tensor, dim=dim)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.max(input_tensor, dim=dim)
    output_tensor = ttnn.to_layout(output_tensor, ttnn.TILE_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)

    output_tensor = ttnn.to_torch(output_tensor)

    # test for equivalance
    assert_equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize("h", [64, 15])
@pytest.mark.parametrize("w", [64, 22])
@pytest.mark.parametrize("dim", [-2, -1, 0, 1])
def test_max_2d(device, h, w, dim):
    torch.manual_seed(0)

    torch_input_tensor = torch_random((h, w), -100, 100, dtype=torch.bfloat16)
    torch_output_tensor, _ = torch.max(torch_input_tensor, dim=dim)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.max(input_tensor, dim=dim)
    output_tensor = ttnn.to_layout(output_tensor, ttnn.TILE_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)

    output_tensor = ttnn.to_torch(output_tensor)

    # test for equivalance
    assert_equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize("batch_size", [1, 16])
@pytest.mark.parametrize("h", [32, 64, 41, 37, 10])
@pytest.mark.parametrize("w", [32, 64, 31, 63, 18])
def test_max_global(device, batch_size, h, w):
    torch.manual_seed(0)

    torch_input_tensor = torch_random((batch_size, h, w), -100, 100, dtype=torch.bfloat16)
    torch_output_tensor = torch.max(torch_input_tensor)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.max(input_tensor)
    output_tensor = ttnn.to_torch(output_tensor)

    # test for equivalance
    assert_equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize(
    "input_shape_and_dim",
    [
        ((32, 32, 32, 64), -4),
        ((2, 32, 32, 64), -3),
        ((32, 32, 64), -3),
        ((1, 2, 3, 4), -1),
        ((2, 22, 37, 41), -4),
        ((2, 32, 64, 64), -3),
        ((2, 22, 37, 41), -3),
        ((2, 32, 64, 64), -2),
        ((2, 22, 37, 41), -1),
        ((2, 32, 64, 64), -1),
        ((2, 22, 37), -3),
        ((2, 22, 37), -2),
        ((2, 22, 37), -1),
        ((1, 6, 7), -3),
        ((32, 6, 7), -3),
    ],
)
@pytest.mark.parametrize("keepdim", [True, False])
def test_max_dim(device, input_shape_and_dim, keepdim):
    torch.manual_seed(0)
    input_shape, max_dim = input_shape_and_dim
    torch_input_tensor = torch_random(input_shape, -100, 100, dtype=torch.bfloat16)
    torch_output_tensor, _ = torch.max(torch_input_tensor, dim=max_dim, keepdim=keepdim)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.max(input_tensor, dim=max_dim, keepdim=keepdim)
    output_tensor = ttnn.to_layout(output_tensor, ttnn.TILE_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)

    output_tensor = ttnn.to_torch(output_tensor)

    # test for equivalance
    assert_equal(torch_output_tensor, output_tensor)
