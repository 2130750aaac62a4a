# SPDX-FileCopyrightText: © 2023 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/reduce/test_reduction_mean.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import pytest

pytestmark = pytest.mark.use_module_device

import torch

import ttnn
from tests.ttnn.utils_for_testing import assert_numeric_metrics, assert_with_ulp
from models.common.utility_functions import torch_random

TEST_PADDING_VALUE = -42


@pytest.mark.parametrize("batch_size", [1, 16])
@pytest.mark.parametrize("h", [32, 64, 41, 37])
@pytest.mark.parametrize("w", [32, 64, 31, 63])
@pytest.mark.parametrize("dim", [-1, -2])
@pytest.mark.parametrize("keepdim", [True, False])
def test_mean(device, batch_size, h, w, dim, keepdim):
    torch.manual_seed(0)

    torch_input_tensor = torch_random((batch_size, h, w), -1, 1, dtype=torch.bfloat16)
    torch_output_tensor = torch.mean(torch_input_tensor, dim=dim, keepdim=keepdim, dtype=torch.bfloat16)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.mean(input_tensor, dim=dim, keepdim=keepdim)
    assert output_tensor.memory_config() == input_tensor.memory_config()
    output_tensor = ttnn.to_torch(output_tensor)

    # test for equivalance
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        pcc_threshold=0.999,
        rtol=0.118,
        atol=0.002,
        frobenius_threshold=0.005,
        check_ulp=False if dim == -2 else True,
    )


@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (7, 17, 41, 31)])
@pytest.mark.parametrize("dim", [0, 1, 2, 3, [0, 1], [2, 3], [0, 1, 2]])
@pytest.mark.parametrize("keepdim", [True, False])
def test_mean_scaling(device, shape, dim, keepdim):
    """Ones input → uniform mean; check exact bfloat16 result via ULP."""
    torch.manual_seed(0)
    torch_input_tensor = torch.ones(shape, dtype=torch.bfloat16)
    torch_output_tensor = torch.mean(torch_input_tensor, dim=dim, keepdim=keepdim, dtype=torch.bfloat16)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.mean(input_tensor, dim=dim, keepdim=keepdim)
    output_tensor = ttnn.to_torch(output_tensor)

    assert_with_ulp(torch_output_tensor, output_tensor, ulp_threshold=1)


@pytest.mark.parametrize("shape", [(2, 3, 4, 5), (7, 17, 41, 31)])
@pytest.mark.parametrize("dim", [0, 1, 2, 3, [0, 1], [2, 3], [0, 1, 2]])
@pytest.mark.parametrize("scalar", [2.0])
def test_mean_scaling_factor(device, shape, dim, scalar):
    torch.manual_seed(0)
    torch_input_tensor = torch.ones(shape, dtype=torch.bfloat16)
    torch_output_tensor = torch.mean(torch_input_tensor, dim=dim, dtype=torch.bfloat16)
    torch_output_tensor = torch_output_tensor * scalar

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor = ttnn.fill_implicit_tile_padding(input_tensor, TEST_PADDING_VALUE)

    output_tensor = ttnn.mean(input_tensor, dim=dim, scalar=scalar)
    output_tensor = ttnn.to_torch(output_tensor)

    assert_with_ulp(torch_output_tensor, output_tensor, ulp_threshold=1)


@pytest.mark.parametrize("mem_config", [None, ttnn.DRAM_MEMORY_CONFIG, "block", "height"])
@pytest.mark.parametrize("keepdim", [True, False])
def test_mean_shard(device, mem_config, keepdim):
    torch.manual_seed(0)
    if mem_config == "height":
        # Height 100 is intentionally non-tile-aligned (not a multiple of 32).
        # Physical height pads to 128, so shard height 32 across 4 cores is valid.
        # After reducing dim=-1 with keepdim=False the output shape is (1, 100),
        # which exercises reshape_tiled's shard spec recomputation for HEIGHT_SHARDED.
        torch_input_tensor = torch.randn(1, 100, 160, dtype=torch.bfloat16)
        sharded_config = ttnn.create_sharded_memory_config(
            shape=(32, 160),
            core_grid=ttnn.CoreGrid(x=1, y=4),
            strategy=ttnn.ShardStrategy.HEIGHT,
            use_height_and_width_as_shard_shape=True,
        )
    else:
        torch_input_tensor = torch.randn(1, 1024, 160, dtype=torch.bfloat16)
        sharded_config = ttnn.create_sharded_memory_config(
            shape=(1, 1024, 160),
            core_grid=ttnn.CoreGrid(x=5, y=8),
            strategy=ttnn.ShardStrategy.BLOCK,
            use_height_and_width_as_shard_shape=False,
        )

    input_tensor = ttnn.from_torch(
        torch_input_tensor,
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=sharded_config,
    )

    if mem_config in ("block", "height"):
        memory_config = sharded_config
    else:
        memory_config = mem_config

    output_tensor = ttnn.mean(
        input_tensor,
        dim=-1,
        keepdim=keepdim,
        memory_config=memory_config,
    )
    tt_output_torch = ttnn.to_torch(output_tensor)
    torch_output = torch.mean(torch_input_tensor, -1, keepdim)
    # test for equivalance
    assert_numeric_metrics(
        torch_output,
        tt_output_torch,
        pcc_threshold=0.999,
        rtol=0.610,
        atol=0.002,
        frobenius_threshold=0.0055,
    )

    output_mem_config = output_tensor.memory_config()
    if mem_config == ttnn.DRAM_MEMORY_CONFIG:
        assert output_mem_config == mem_config
    else:
        assert output_mem_config.buffer_type == ttnn.BufferType.L1
        assert output_mem_config.is_sharded()
