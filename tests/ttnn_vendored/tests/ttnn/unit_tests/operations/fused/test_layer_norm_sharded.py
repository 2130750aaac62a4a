# SPDX-FileCopyrightText: © 2025 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/fused/test_layer_norm_sharded.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import pytest
import torch
import ttnn

from models.common.utility_functions import is_watcher_enabled
from tests.ttnn.unit_tests.operations.fused.sharded_test_utils import (
    layernorm_test_main,
    single_stage_param_sets,
    simple_size_params,
    generate_input_tensor,
    ttnn_layer_norm_sharded,
)
from tests.ttnn.utils_for_testing import assert_numeric_metrics


@pytest.mark.parametrize("h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt", single_stage_param_sets())
@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("two_stage", [False])
@pytest.mark.parametrize("tensor_type", ["ascending_values_repeated_rows", "random"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_layer_norm_sharded_single_stage(
    device, h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt, use_welford, two_stage, tensor_type, dtype
):
    layernorm_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        use_welford,
        two_stage,
        tensor_type,
        dtype,
    )


@pytest.mark.parametrize(
    "h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt",
    [(32 * 2, 32 * 4, 2, 2, 2, 1, 1), (32 * 4, 32 * 8, 4, 2, 4, 1, 1), (32 * 8, 32 * 16, 2, 4, 8, 2, 1)],
)
@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("two_stage", [True])
@pytest.mark.parametrize("tensor_type", ["ascending_values_repeated_rows", "random"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_layer_norm_sharded_two_stage(
    device, h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt, use_welford, two_stage, tensor_type, dtype
):
    layernorm_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        use_welford,
        two_stage,
        tensor_type,
        dtype,
    )


@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("two_stage", [True, False])
@pytest.mark.parametrize("tensor_type", ["ascending_values_repeated_rows", "random_normal"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_layer_norm_sharded_with_residual(device, use_welford, two_stage, tensor_type, dtype):
    torch.manual_seed(0)
    h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt = simple_size_params(two_stage)

    residual = generate_input_tensor(h, w, "random_normal", dtype)
    layernorm_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        use_welford,
        two_stage,
        tensor_type,
        dtype,
        residual=residual,
        weight=None,
        bias=None,
    )


@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("two_stage", [True, False])
@pytest.mark.parametrize("tensor_type", ["ascending_values_repeated_rows", "random_normal"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_layer_norm_sharded_with_weight_and_bias(device, use_welford, two_stage, tensor_type, dtype):
    torch.manual_seed(0)
    h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt = simple_size_params(two_stage)

    weight = generate_input_tensor(1, w, "random", dtype)
    bias = generate_input_tensor(1, w, "random_normal", dtype)
    layernorm_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        use_welford,
        two_stage,
        tensor_type,
        dtype,
        residual=None,
        weight=weight[0],
        bias=bias[0],
    )


@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("two_stage", [False])
@pytest.mark.parametrize("tensor_type", ["ascending_values_repeated_rows", "random_normal"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_layer_norm_sharded_with_weight_and_bias_row_major(device, use_welford, two_stage, tensor_type, dtype):
    torch.manual_seed(0)
    h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt = 64, 32, 2, 1, 1, 1, 1

    weight = generate_input_tensor(1, w, "random", dtype)
    bias = generate_input_tensor(1, w, "random_normal", dtype)
    layernorm_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        use_welford,
        two_stage,
        tensor_type,
        dtype,
        residual=None,
        weight=weight[0],
        bias=bias[0],
        weight_bias_layout=ttnn.ROW_MAJOR_LAYOUT,
    )


@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("two_stage", [True, False])
@pytest.mark.parametrize("tensor_type", ["ascending_values_repeated_rows", "random"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_layer_norm_sharded_with_weight_and_bias_and_residual(device, use_welford, two_stage, tensor_type, dtype):
    torch.manual_seed(0)
    h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt = simple_size_params(two_stage)

    residual = generate_input_tensor(h, w, "random_normal", dtype)
    weight = generate_input_tensor(1, w, "random", dtype)
    bias = generate_input_tensor(1, w, "random_normal", dtype)
    layernorm_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        use_welford,
        two_stage,
        tensor_type,
        dtype,
        residual=residual,
        weight=weight[0],
        bias=bias[0],
    )


@pytest.mark.parametrize("use_welford", [True])
def test_layer_norm_sharded_padded(device, use_welford):
    """
    Test layer norm on a sharded tensor that is padded with zeros
    in the width dimension.
    Compare against analytic layer norm calculation: (x - mean) / sqrt(var + eps)
    Only tests Welford layernorm, since legacy reduce doesn't give the correct
    result for partially-filled tiles.
    """
    torch.manual_seed(0)

    h, w = 32, 256
    num_cores_h, num_cores_w = 1, 8
    non_zero_columns = 3
    torch_input_tensor = torch.zeros((h, w), dtype=torch.bfloat16)
    torch_input_tensor[:, :non_zero_columns] = 1.0

    # Create sharded memory config for 2x8 core grid
    shard_height = h // num_cores_h
    shard_width = w // num_cores_w
    shard_spec = ttnn.ShardSpec(
        ttnn.CoreRangeSet(
            {
                ttnn.CoreRange(
                    ttnn.CoreCoord(0, 0),
                    ttnn.CoreCoord(num_cores_w - 1, num_cores_h - 1),
                )
            }
        ),
        [shard_height, shard_width],
        ttnn.ShardOrientation.ROW_MAJOR,
    )
    sharded_mem_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        buffer_type=ttnn.BufferType.L1,
        shard_spec=shard_spec,
    )

    # Convert to TTNN tensor
    tt_input_tensor = ttnn.from_torch(
        torch_input_tensor,
        layout=ttnn.Layout.TILE,
        device=device,
        memory_config=sharded_mem_config,
    )

    # Run sharded layer norm
    output_ttnn = ttnn_layer_norm_sharded(
        device,
        tt_input_tensor,
        use_welford,
        block_ht=1,
        block_wt=1,
        subblock_w=1,
        residual=None,
        weight=None,
        bias=None,
    )

    golden = ttnn.get_golden_function(ttnn.layer_norm)
    golden_output = golden(torch_input_tensor, weight=None, bias=None, eps=1e-12)

    # Assert that the output is close to the golden output
    rtol = 1.6e-2
    atol = 1e-5
    assert torch.allclose(output_ttnn, golden_output, rtol=rtol, atol=atol)


@pytest.mark.parametrize("h,w", [(32, 2048)])
@pytest.mark.parametrize("dtype", [torch.bfloat16])
def test_layer_norm_sharded_width_default_config(device, h, w, dtype):
    """
    Test layer norm with width-sharded input on L1 and interleaved weight/bias on DRAM.
    Uses default config (no explicit program_config).
    """
    torch.manual_seed(0)

    # For WIDTH_SHARDED: height stays full, width is sharded across all cores
    num_cores_h, num_cores_w = 8, 8
    num_cores_total = num_cores_h * num_cores_w  # 64
    shard_height = h  # Full height (32)
    shard_width = w // num_cores_total  # 2048 / 64 = 32

    torch_input_tensor = generate_input_tensor(h, w, "random", dtype)
    torch_weight = generate_input_tensor(1, w, "random", dtype)
    torch_bias = generate_input_tensor(1, w, "random_normal", dtype)

    # Create width-sharded memory config for input on L1
    shard_spec = ttnn.ShardSpec(
        ttnn.CoreRangeSet(
            {
                ttnn.CoreRange(
                    ttnn.CoreCoord(0, 0),
                    ttnn.CoreCoord(num_cores_w - 1, num_cores_h - 1),
                )
            }
        ),
        [shard_height, shard_width],
        ttnn.ShardOrientation.ROW_MAJOR,
    )
    sharded_mem_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        buffer_type=ttnn.BufferType.L1,
        shard_spec=shard_spec,
    )

    # Input tensor: width-sharded on L1
    input_tensor = ttnn.from_torch(
        torch_input_tensor,
        device=device,
        layout=ttnn.TILE_LAYOUT,
        memory_config=sharded_mem_config,
    )

    # Weight and bias tensors: interleaved on DRAM
    weight = ttnn.from_torch(
        torch_weight[0],
        device=device,
        layout=ttnn.TILE_LAYOUT,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    bias = ttnn.from_torch(
        torch_bias[0],
        device=device,
        layout=ttnn.TILE_LAYOUT,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    # Uses default config (no explicit program_config)
    output_tensor = ttnn.layer_norm(input_tensor, weight=weight, bias=bias)
    output_tensor = ttnn.from_device(output_tensor)
    output_tensor = ttnn.to_torch(output_tensor)

    golden = ttnn.get_golden_function(ttnn.layer_norm)
    golden_output = golden(torch_input_tensor, weight=torch_weight[0], bias=torch_bias[0]).to(dtype)

    assert_numeric_metrics(
        golden_output,
        output_tensor,
        pcc_threshold=0.9998,
        rtol=0.05,
        atol=0.05,
        frobenius_threshold=0.015,
    )


@pytest.mark.parametrize("grid_offset", [(1, 1), (2, 0), (0, 2)])
@pytest.mark.parametrize("use_welford", [True, False])
@pytest.mark.parametrize("use_weight_bias", [True, False])
def test_layer_norm_sharded_2d_with_grid_offset(device, grid_offset, use_welford, use_weight_bias):
    """Test 2D reduce block-sharded layernorm with a non-zero grid origin."""
    torch.manual_seed(0)

    h, w = 64, 64  # 2x2 tiles
    num_cores_h, num_cores_w = 2, 2
    offset_x, offset_y = grid_offset

    shard_height = h // num_cores_h  # 32
    shard_width = w // num_cores_w  # 32
    block_ht = shard_height // 32  # 1
    block_wt = shard_width // 32  # 1

    shard_spec = ttnn.ShardSpec(
        ttnn.CoreRangeSet(
            {
                ttnn.CoreRange(
                    ttnn.CoreCoord(offset_x, offset_y),
                    ttnn.CoreCoord(offset_x + num_cores_w - 1, offset_y + num_cores_h - 1),
                )
            }
        ),
        [shard_height, shard_width],
        ttnn.ShardOrientation.ROW_MAJOR,
    )
    sharded_mem_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        buffer_type=ttnn.BufferType.L1,
        shard_spec=shard_spec,
    )

    torch_input = generate_input_tensor(h, w, "random", torch.bfloat16)

    torch_weight = None
    torch_bias = None
    tt_weight = None
    tt_bias = None
    if use_weight_bias:
        torch_weight = generate_input_tensor(1, w, "random", torch.bfloat16)[0]
        torch_bias = generate_input_tensor(1, w, "random_normal", torch.bfloat16)[0]
        tt_weight = ttnn.from_torch(torch_weight, layout=ttnn.TILE_LAYOUT, device=device)
        tt_bias = ttnn.from_torch(torch_bias, layout=ttnn.TILE_LAYOUT, device=device)

    ref_output = torch.nn.functional.layer_norm(torch_input, [w], weight=torch_weight, bias=torch_bias)

    tt_input = ttnn.from_torch(
        torch_input,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=sharded_mem_config,
    )

    output = ttnn_layer_norm_sharded(
        device,
        tt_input,
        use_welford,
        block_ht=block_ht,
        block_wt=block_wt,
        subblock_w=1,
        weight=tt_weight,
        bias=tt_bias,
    )

    if use_welford:
        pcc_threshold = 0.99975
        rtol = 0.14
        atol = 0.085
        frobenius_threshold = 0.02
    else:
        pcc_threshold = 0.9999
        rtol = 0.065
        atol = 0.065
        frobenius_threshold = 0.014
    assert_numeric_metrics(
        ref_output,
        output,
        pcc_threshold=pcc_threshold,
        rtol=rtol,
        atol=atol,
        frobenius_threshold=frobenius_threshold,
    )


@pytest.mark.parametrize("grid_offset", [(2, 0), (1, 1)])
@pytest.mark.parametrize("use_welford", [True, False])
def test_layer_norm_sharded_1d_mcast_with_grid_offset(device, grid_offset, use_welford):
    """Test 1D mcast layernorm with a non-zero grid origin."""
    torch.manual_seed(0)

    h, w = 32, 128  # 1 tile row, 4 tile cols
    num_cores_w = 4
    offset_x, offset_y = grid_offset

    shard_height = h  # full height → triggers mcast_1d (M == block_h)
    shard_width = w // num_cores_w  # 32

    shard_spec = ttnn.ShardSpec(
        ttnn.CoreRangeSet(
            {
                ttnn.CoreRange(
                    ttnn.CoreCoord(offset_x, offset_y),
                    ttnn.CoreCoord(offset_x + num_cores_w - 1, offset_y),
                )
            }
        ),
        [shard_height, shard_width],
        ttnn.ShardOrientation.ROW_MAJOR,
    )
    sharded_mem_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        buffer_type=ttnn.BufferType.L1,
        shard_spec=shard_spec,
    )

    torch_input = generate_input_tensor(h, w, "random", torch.bfloat16)
    ref_output = torch.nn.functional.layer_norm(torch_input, [w])

    tt_input = ttnn.from_torch(
        torch_input,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=sharded_mem_config,
    )

    output = ttnn_layer_norm_sharded(
        device,
        tt_input,
        use_welford,
        block_ht=1,
        block_wt=1,
        subblock_w=1,
    )

    if use_welford:
        pcc_threshold = 0.99975
        rtol = 0.14
        atol = 0.085
        frobenius_threshold = 0.02
    else:
        pcc_threshold = 0.9999
        rtol = 0.065
        atol = 0.065
        frobenius_threshold = 0.014
    assert_numeric_metrics(
        ref_output,
        output,
        pcc_threshold=pcc_threshold,
        rtol=rtol,
        atol=atol,
        frobenius_threshold=frobenius_threshold,
    )
