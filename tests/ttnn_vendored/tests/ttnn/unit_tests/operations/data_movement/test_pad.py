# SPDX-FileCopyrightText: © 2023 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/data_movement/test_pad.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

from math import prod

import pytest
import torch
import math

from models.common.utility_functions import skip_for_wormhole_b0, skip_for_blackhole
from tests.ttnn.unit_tests.operations.test_utils import (
    TILE_HEIGHT,
    TILE_WIDTH,
)
from tests.ttnn.utils_for_testing import assert_with_pcc, assert_allclose
import ttnn

torch.manual_seed(0)


def random_torch_tensor(dtype, shape):
    if dtype == ttnn.uint16:
        return torch.randint(0, 2**16, shape, dtype=torch.uint16)
    if dtype == ttnn.int32:
        return torch.randint(-(2**31), 2**31, shape, dtype=torch.int32)
    if dtype == ttnn.uint32:
        return torch.randint(0, 2**32, shape, dtype=torch.uint32)
    return torch.rand(shape).bfloat16().float()


@pytest.mark.parametrize("n", [16])
@pytest.mark.parametrize("c", [3])
@pytest.mark.parametrize("h", [230])
@pytest.mark.parametrize("w", [224])
@pytest.mark.parametrize(
    "padding,torch_padding",
    [
        (((0, 1), (3, 25), (32, 32)), (32, 32, 3, 25, 0, 1)),
        (((0, 1), (3, 25), (4, 6)), (4, 6, 3, 25, 0, 1)),
        (((0, 1), (3, 25), (4, 7)), (4, 7, 3, 25, 0, 1)),  # Odd padding widths (5 and 7)
    ],
)
@pytest.mark.parametrize("value", [0, 1])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint16])
def test_pad_rm(device, n, c, h, w, padding, torch_padding, value, dtype):
    torch.manual_seed(0)

    torch_input_tensor = random_torch_tensor(dtype, (n, c, h, w))
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, dtype=dtype)
    output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)
    output_tensor = ttnn.to_torch(output_tensor)

    assert output_tensor.shape == torch_output_tensor.shape
    assert torch.equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize(
    "shape,padding,torch_padding",
    [
        ((8, 1, 1, 1), ((0, 0), (0, 0), (0, 0), (0, 191)), (0, 191, 0, 0, 0, 0, 0, 0)),
        ((1, 1, 1, 2), ((0, 0), (0, 0), (0, 0), (0, 254)), (0, 254, 0, 0, 0, 0, 0, 0)),
        ((4, 1, 1, 4), ((0, 0), (0, 0), (0, 0), (0, 60)), (0, 60, 0, 0, 0, 0, 0, 0)),
    ],
)
@pytest.mark.parametrize("value", [0])
def test_pad_rm_small_to_large_width(device, shape, padding, torch_padding, value):
    """Regression test for issue #39875: padding from very small width to large width
    caused CB allocation to exceed L1 size due to using input width for stick batching."""
    torch.manual_seed(0)

    torch_input_tensor = torch.rand(shape).bfloat16().float()
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, dtype=ttnn.bfloat16)
    output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)
    output_tensor = ttnn.to_torch(output_tensor)

    assert output_tensor.shape == torch_output_tensor.shape
    assert torch.equal(torch_output_tensor, output_tensor)


def run_pad_rm_small_to_large_width_with_program_cache(device, shape, padding, torch_padding, value):
    torch.manual_seed(0)

    torch_input_tensor = torch.rand(shape).bfloat16().float()
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, dtype=ttnn.bfloat16)
    with device.cache_entries_counter.measure():
        output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)
    output_tensor = ttnn.to_torch(output_tensor)

    assert output_tensor.shape == torch_output_tensor.shape
    assert torch.equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize(
    "shape,padding,torch_padding",
    [
        ((8, 1, 1, 1), ((0, 0), (0, 0), (0, 0), (0, 191)), (0, 191, 0, 0, 0, 0, 0, 0)),
    ],
)
@pytest.mark.parametrize("value", [0])
def test_pad_rm_small_to_large_width_with_program_cache(device, shape, padding, torch_padding, value):
    """Regression test for issue #39875 with program cache: ensure override_runtime_arguments
    also uses output stick size for CB batching."""
    for _ in range(2):
        run_pad_rm_small_to_large_width_with_program_cache(device, shape, padding, torch_padding, value)
        dummy_shape = [1, 1, 32, 32]
        py_dummy_tensor = torch.randn(dummy_shape)
        ttnn.from_torch(
            py_dummy_tensor,
            dtype=ttnn.DataType.BFLOAT16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.L1_MEMORY_CONFIG,
        )
    assert device.cache_entries_counter.total == 1


def run_pad_with_program_cache(device, n, c, h, w, padding, torch_padding, value, dtype, layout):
    torch.manual_seed(0)

    torch_input_tensor = random_torch_tensor(dtype, (n, c, h, w))
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=layout, device=device, dtype=dtype)
    with device.cache_entries_counter.measure():
        output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)
    output_tensor = ttnn.to_torch(output_tensor)

    assert output_tensor.shape == torch_output_tensor.shape
    if dtype == ttnn.bfloat8_b:
        assert_allclose(torch_output_tensor, output_tensor, rtol=0.05, atol=0.025)
    else:
        assert torch.equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize("n", [16])
@pytest.mark.parametrize("c", [3])
@pytest.mark.parametrize("h", [224])
@pytest.mark.parametrize("w", [224])
@pytest.mark.parametrize("padding,torch_padding", [(((0, 1), (0, 32), (0, 32)), (0, 32, 0, 32, 0, 1))])
@pytest.mark.parametrize("value", [0, 1])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.bfloat8_b])
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_with_program_cache(device, n, c, h, w, padding, torch_padding, value, dtype, layout):
    if layout == ttnn.TILE_LAYOUT and dtype != ttnn.bfloat16 and dtype != ttnn.bfloat8_b:
        pytest.skip("tiled multicore pad only supported for bf16 and bfp8")
    if layout == ttnn.ROW_MAJOR_LAYOUT and dtype == ttnn.bfloat8_b:
        pytest.skip("row major bfloat8 is not supported")
    for _ in range(2):
        run_pad_with_program_cache(device, n, c, h, w, padding, torch_padding, value, dtype, layout)
        # dummy tensor to change tensor alloc
        dummy_shape = [1, 1, 32, 32]
        py_dummy_tensor = torch.randn(dummy_shape)
        tt_dummy_tensor = ttnn.from_torch(
            py_dummy_tensor,
            dtype=ttnn.DataType.BFLOAT16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.L1_MEMORY_CONFIG,
        )
    expected_cache_entries = 3 if dtype == ttnn.bfloat8_b else 1  # due to composite logic
    assert device.cache_entries_counter.total == expected_cache_entries


def test_pad_program_cache_hit_updates_pad_value_buffer(device):
    """Regression for #44565: pad must update its pad-value buffer on cache hits.

    A minimal pad-only reproducer did not trigger the stale pad-value buffer bug; it
    only reproduced through prepare_conv3d_weights, which exercises pad after
    from_torch, to_device, and permute.
    """
    torch.manual_seed(42)
    weights = torch.randn(32, 12, 3, 3, 3, dtype=torch.float32)

    outputs = []
    for _ in range(5):
        tt_weight = ttnn.from_torch(weights, dtype=ttnn.DataType.BFLOAT16, pad_value=0)
        prepared_weight = ttnn.experimental.prepare_conv3d_weights(
            weight_tensor=tt_weight, groups=1, C_in_block=32, alignment=32, device=device
        )
        outputs.append(ttnn.to_torch(prepared_weight).to(torch.float32))

    max_diff = max((output - outputs[0]).abs().max().item() for output in outputs[1:])
    assert max_diff < 1e-3, f"pad output is non-deterministic across cache hits: max diff = {max_diff}"


def run_pad_rm_sharded(device, n, c, h, w, padding, torch_padding, value, shard_orient, dtype, buffer_type):
    torch.manual_seed(0)

    torch_input_tensor = random_torch_tensor(dtype, (n, c, h, w))
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    n_unpadded = n
    c_unpadded = c + padding[0][1] + padding[0][0]
    h_unpadded = h + padding[1][1] + padding[1][0]

    # core grid: compute cores for L1, DRAM banks for DRAM
    if buffer_type == ttnn.types.BufferType.DRAM:
        dram_grid = device.dram_grid_size()
        num_cores_x = dram_grid.x
        num_cores_y = dram_grid.y
    else:
        compute_grid = device.compute_with_storage_grid_size()
        num_cores_x = min(8, compute_grid.x)
        num_cores_y = min(8, compute_grid.y)

    # shard config
    num_cores = num_cores_x * num_cores_y
    shard_h = ttnn.core.divup(n * c * h, num_cores)
    grid_coord = ttnn.CoreCoord(num_cores_x - 1, num_cores_y - 1)
    shard_grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), grid_coord)})
    shard_spec = ttnn.ShardSpec(shard_grid, (shard_h, w), shard_orient)
    sharded_mem_config = ttnn.MemoryConfig(ttnn.types.TensorMemoryLayout.HEIGHT_SHARDED, buffer_type, shard_spec)

    # output shard config
    shard_h = ttnn.core.divup(n_unpadded * c_unpadded * h_unpadded, num_cores)
    shard_grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), grid_coord)})
    shard_spec = ttnn.ShardSpec(shard_grid, (shard_h, w), shard_orient)
    output_mem_config = ttnn.MemoryConfig(ttnn.types.TensorMemoryLayout.HEIGHT_SHARDED, buffer_type, shard_spec)

    tt_input_tensor = ttnn.from_torch(
        torch_input_tensor,
        dtype=dtype,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
        memory_config=sharded_mem_config,
    )
    tt_output_tensor = ttnn.pad(tt_input_tensor, padding=padding, value=value, memory_config=output_mem_config)
    tt_output_tensor = ttnn.from_device(tt_output_tensor)
    tt_output_tensor = ttnn.to_torch(tt_output_tensor)

    assert tt_output_tensor.shape == torch_output_tensor.shape
    assert torch.equal(torch_output_tensor, tt_output_tensor)


def to_torch_padding(padspec):
    def flatten_to_tuple(padding):
        return tuple(sum(padding, ()))

    def ttnn_pad_spec_to_padding(padspec):
        input_tensor_start = padspec["input_tensor_start"]
        pad_to_shape = padspec["pad_to_shape"]
        input_shape = padspec["input_shape"]

        padding = []
        for i in range(len(pad_to_shape)):
            this_dim_padding = (input_tensor_start[i], pad_to_shape[i] - input_shape[i] - input_tensor_start[i])
            padding.append(this_dim_padding)
        return padding

    torch_padding = flatten_to_tuple(reversed(ttnn_pad_spec_to_padding(padspec)))
    return torch_padding


@pytest.mark.parametrize(
    "input_shape, pad_to_shape, input_tensor_start, pad_value, input_sharded_memory_config_args",
    [
        [
            (1, 1, 1, 4),
            (1, 1, 1, 16),
            (0, 0, 0, 0),
            3.0,
            {"core_grid": ttnn.CoreGrid(x=1, y=1), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
        [
            # a reduced version of esmal's test case for UNet
            (1, 1, 4, 4),
            (1, 1, 4, 16),
            (0, 0, 0, 0),
            3.0,
            {"core_grid": ttnn.CoreGrid(x=1, y=1), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
        [
            # width padding across large core grid, 3 sticks per core
            (1, 1, 3 * 64, 4),
            (1, 1, 3 * 64, 16),
            (0, 0, 0, 0),
            0.0,
            {"core_grid": ttnn.CoreGrid(x=8, y=8), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
        [
            # width padding across large core grid, 3 sticks per core, n300 version
            (1, 1, 3 * 8 * 7, 4),
            (1, 1, 3 * 8 * 7, 16),
            (0, 0, 0, 0),
            0.0,
            {"core_grid": ttnn.CoreGrid(x=8, y=7), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
        [
            # width padding only, reduced core grid
            (1, 1, 12, 8),
            (1, 1, 12, 64),
            (0, 0, 0, 0),
            3.0,
            {"core_grid": ttnn.CoreGrid(x=2, y=6), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
        [
            # height and width padding, small core grid
            (1, 1, 2, 4),
            (1, 1, 4, 8),
            (0, 0, 0, 0),
            3.0,
            {"core_grid": ttnn.CoreGrid(x=1, y=2), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
        [
            # borys's second test case
            (1, 2, 3, 4),
            (1, 2, 32, 32),
            (0, 0, 0, 0),
            3.0,
            {"core_grid": ttnn.CoreGrid(x=1, y=6), "strategy": ttnn.ShardStrategy.HEIGHT},
        ],
    ],
)
@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.float32])
def test_pad_rm_sharded_stickwise(
    device, input_shape, pad_to_shape, input_tensor_start, pad_value, input_sharded_memory_config_args, dtype
):
    core_grid_x_ok = device.core_grid.x >= input_sharded_memory_config_args["core_grid"].x
    core_grid_y_ok = device.core_grid.y >= input_sharded_memory_config_args["core_grid"].y
    device_core_grid_ok = core_grid_x_ok and core_grid_y_ok
    if not device_core_grid_ok:
        pytest.skip("core grid for this test is not compatible with the device")

    input_shard_memory_config = ttnn.create_sharded_memory_config(input_shape, **input_sharded_memory_config_args)

    torch_input_tensor = torch.ones(input_shape, dtype=torch.float32)
    ttnn_input_tensor = ttnn.from_torch(torch_input_tensor, dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT, device=device)
    # Still relay on keep_l1_aligned = True to make it work with the current implementation
    ttnn_sharded_input_tensor = ttnn.interleaved_to_sharded(
        ttnn_input_tensor, input_shard_memory_config, keep_l1_aligned=True
    )
    padded_tensor = ttnn.pad(ttnn_sharded_input_tensor, pad_to_shape, input_tensor_start, pad_value)

    tt_output_tensor = ttnn.to_memory_config(padded_tensor, ttnn.L1_MEMORY_CONFIG)
    tt_output_tensor = ttnn.from_device(tt_output_tensor)
    torch_output_tensor = ttnn.to_torch(tt_output_tensor)

    padspec = {
        "input_shape": input_shape,
        "pad_to_shape": pad_to_shape,
        "input_tensor_start": input_tensor_start,
    }
    torch_padded_tensor = torch.nn.functional.pad(
        torch_input_tensor, to_torch_padding(padspec), mode="constant", value=pad_value
    )

    assert torch_output_tensor.shape == torch_padded_tensor.shape
    assert_with_pcc(torch_padded_tensor, torch_output_tensor, 0.99)


@pytest.mark.parametrize("n", [20])
@pytest.mark.parametrize("c", [3])
@pytest.mark.parametrize("h", [224])
@pytest.mark.parametrize("w", [256])
@pytest.mark.parametrize("padding,torch_padding", [(((1, 1), (2, 32), (0, 0)), (0, 0, 2, 32, 1, 1))])
@pytest.mark.parametrize("value", [8])
@pytest.mark.parametrize("shard_orient", [ttnn.ShardOrientation.COL_MAJOR, ttnn.ShardOrientation.ROW_MAJOR])
@pytest.mark.parametrize("dtype", [ttnn.int32, ttnn.bfloat16, ttnn.uint16])
@pytest.mark.parametrize("buffer_type", [ttnn.types.BufferType.L1, ttnn.types.BufferType.DRAM])
def test_pad_rm_sharded(device, n, c, h, w, padding, torch_padding, value, shard_orient, dtype, buffer_type):
    for _ in range(2):
        run_pad_rm_sharded(device, n, c, h, w, padding, torch_padding, value, shard_orient, dtype, buffer_type)
        # dummy tensor to change tensor alloc
        dummy_shape = [1, 1, 32, 32]
        py_dummy_tensor = torch.randn(dummy_shape)
        tt_dummy_tensor = ttnn.from_torch(
            py_dummy_tensor,
            dtype=dtype,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.L1_MEMORY_CONFIG,
        )
        device.set_program_cache_misses_allowed(False)


@pytest.mark.parametrize("h", [32])
@pytest.mark.parametrize("w", [64])
@pytest.mark.parametrize("padding,torch_padding", [(((0, 64),), (0, 64)), (((16, 16), (0, 32)), (0, 32, 0, 32))])
@pytest.mark.parametrize("value", [0])
def test_pad(device, h, w, padding, torch_padding, value):
    torch.manual_seed(0)

    torch_input_tensor = torch.rand((h, w), dtype=torch.bfloat16)
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)
    output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)

    output_tensor = ttnn.to_torch(output_tensor)
    assert output_tensor.shape == torch_output_tensor.shape

    assert torch.equal(torch_output_tensor, output_tensor)


@pytest.mark.parametrize("h", [32])
@pytest.mark.parametrize("w", [64])
@pytest.mark.parametrize("padding,torch_padding", [(((32, 32),), (32, 32))])
@pytest.mark.parametrize("value", [0])
def test_pad_padding_validation_front_pad_not_supported(device, h, w, padding, torch_padding, value):
    torch.manual_seed(0)

    torch_input_tensor = torch.rand((h, w), dtype=torch.bfloat16)
    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)

    with pytest.raises(RuntimeError) as e:
        ttnn.pad(input_tensor, padding=padding, value=value)
    assert "ttnn.pad: on device tile padding does not support front padding" in str(e.value)
    return


@pytest.mark.parametrize("h", [32])
@pytest.mark.parametrize("w", [64])
@pytest.mark.parametrize("padding,torch_padding", [(((0, 32), (0, 32), (0, 32)), (0, 32, 0, 32, 0, 32))])
@pytest.mark.parametrize("value", [0])
def test_pad_padding_validation_length(device, h, w, padding, torch_padding, value):
    torch.manual_seed(0)

    torch_input_tensor = torch.rand((h, w), dtype=torch.bfloat16)
    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device)

    with pytest.raises(RuntimeError) as e:
        ttnn.pad(input_tensor, padding=padding, value=value)
    assert "ttnn.pad: padding len can't be larger than input tensor rank" in str(e.value)
    return


@pytest.mark.skip(reason="ttnn.pad does not support row_major tensors because the kernel currently causes a PCC error")
@pytest.mark.parametrize("h", [32])
@pytest.mark.parametrize("w", [64])
@pytest.mark.parametrize("padding,torch_padding", [(((0, 1), (0, 2)), (0, 2, 0, 1)), (((1, 1), (4, 2)), (4, 2, 1, 1))])
@pytest.mark.parametrize("value", [0])
def test_pad(device, h, w, padding, torch_padding, value):
    torch.manual_seed(0)

    torch_input_tensor = torch.rand((h, w), dtype=torch.bfloat16)
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor)
    input_tensor = ttnn.to_device(input_tensor, device)
    output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)

    assert output_tensor.shape == ttnn.Shape((h + padding[0][0] + padding[0][1], w + padding[1][0] + padding[1][1]))

    output_tensor = ttnn.to_layout(output_tensor, ttnn.ROW_MAJOR_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)
    output_tensor = ttnn.to_torch(output_tensor)

    assert torch.equal(torch_output_tensor, output_tensor)


@pytest.mark.skip(reason="ttnn.pad does not support row_major tensors because the kernel currently causes a PCC error")
@pytest.mark.parametrize("h", [32])
@pytest.mark.parametrize("w", [64])
@pytest.mark.parametrize("padding,torch_padding", [(((0, 1), (0, 2)), (0, 2, 0, 1)), (((1, 1), (4, 2)), (4, 2, 1, 1))])
@pytest.mark.parametrize("value", [0])
def test_pad_back_to_back(device, h, w, padding, torch_padding, value):
    torch.manual_seed(0)

    torch_input_tensor = torch.rand((h, w), dtype=torch.bfloat16)
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor)
    input_tensor = ttnn.to_device(input_tensor, device)
    output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)
    output_tensor = ttnn.pad(output_tensor, padding=padding, value=value)

    assert output_tensor.shape == ttnn.Shape(
        (h + (padding[0][0] + padding[0][1]) * 2, w + (padding[1][0] + padding[1][1]) * 2)
    )

    output_tensor = ttnn.to_layout(output_tensor, ttnn.ROW_MAJOR_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)
    output_tensor = ttnn.to_torch(output_tensor)

    assert torch.equal(torch_output_tensor, output_tensor)


@pytest.mark.skip(reason="ttnn.pad requires pad to start at 0")
@pytest.mark.parametrize("h", [32])
@pytest.mark.parametrize("w", [64])
@pytest.mark.parametrize("padding", [((0, 32), (0, 32)), ((1, 64), (0, 96)), ((0, 64), (0, 43)), ((32, 64), (64, 96))])
@pytest.mark.parametrize("value", [0])
def test_pad_for_tensor_in_tile_layout(device, h, w, padding, value):
    torch.manual_seed(0)
    torch_padding = (padding[1][0], padding[1][1], padding[0][0], padding[0][1])

    torch_input_tensor = torch.rand((h, w), dtype=torch.bfloat16)
    torch_output_tensor = torch.nn.functional.pad(torch_input_tensor, torch_padding, mode="constant", value=value)

    input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT)
    input_tensor = ttnn.to_device(input_tensor, device)
    if (
        padding[0][0] % ttnn.TILE_SIZE != 0
        or padding[0][1] % ttnn.TILE_SIZE != 0
        or padding[1][0] % ttnn.TILE_SIZE != 0
        or padding[1][1] % ttnn.TILE_SIZE != 0
    ):
        with pytest.raises(RuntimeError) as e:
            output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)
        assert "must be a multiple of the tile size on height and width" in str(e.value)
        return
    else:
        output_tensor = ttnn.pad(input_tensor, padding=padding, value=value)

    assert output_tensor.shape == ttnn.Shape((h + padding[0][0] + padding[0][1], w + padding[1][0] + padding[1][1]))

    output_tensor = ttnn.to_layout(output_tensor, ttnn.ROW_MAJOR_LAYOUT)
    output_tensor = ttnn.from_device(output_tensor)
    output_tensor = ttnn.to_torch(output_tensor)

    assert torch.equal(torch_output_tensor, output_tensor)


@skip_for_blackhole("Fails on Blackhole. Issue #20698")
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.float32], ids=["bfloat16", "float32"])
@pytest.mark.parametrize("use_multicore", [True, False], ids=["multicore", "singlecore"])
@pytest.mark.parametrize("mem_config", [ttnn.DRAM_MEMORY_CONFIG])
@pytest.mark.parametrize(
    "shape, padded_shape",
    [
        [[1392, 1392, 3, 3], [1408, 1408, 3, 3]],
        [[32, 32, 3, 3], [64, 64, 3, 3]],
        [[3, 3, 1392, 1392], [3, 3, 1408, 1408]],
    ],
)
def test_pad_conv2d_sweep(device, dtype, use_multicore, shape, padded_shape, mem_config):
    torch_dtype = torch.float32 if dtype == ttnn.float32 else torch.bfloat16

    in_torch = torch.randint(-5, 5, shape, dtype=torch_dtype).float()
    in_ttnn = ttnn.from_torch(in_torch, memory_config=mem_config, device=device, dtype=dtype)

    out_ttnn = ttnn.pad(in_ttnn, padded_shape, [0, 0, 0, 0], 0, use_multicore=use_multicore)
    out_torch = out_ttnn.cpu().to_torch().float()

    out_torch = out_torch[: shape[0], : shape[1], : shape[2], : shape[3]]
    assert torch.equal(in_torch, out_torch)


@pytest.mark.parametrize(
    "in_dtype", [ttnn.bfloat16, ttnn.float32, ttnn.int32, ttnn.uint32, ttnn.uint16, ttnn.bfloat8_b]
)
@pytest.mark.parametrize("shape", [[1, 1, 18, 13]])
@pytest.mark.parametrize("padshape", [[1, 1, TILE_HEIGHT, TILE_WIDTH]])
@pytest.mark.parametrize("use_multicore", [False, True])
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
@pytest.mark.parametrize("mem_config", [ttnn.DRAM_MEMORY_CONFIG, ttnn.L1_MEMORY_CONFIG])
def test_pad_op(device, in_dtype, shape, padshape, use_multicore, layout, mem_config):
    if layout == ttnn.ROW_MAJOR_LAYOUT and in_dtype == ttnn.bfloat8_b:
        pytest.skip("row major bfloat8 is not supported")
    torch_input = random_torch_tensor(in_dtype, shape)

    ttnn_input = ttnn.from_torch(torch_input, device=device, memory_config=mem_config, dtype=in_dtype, layout=layout)
    output_tt = ttnn.pad(ttnn_input, padshape, [0, 0, 0, 0], value=0, use_multicore=use_multicore)
    output_tt = ttnn.to_torch(output_tt)
    assert output_tt.shape == torch.Size(padshape)

    shape_diff = list(map(lambda x, y: x - y, padshape, shape))
    output_torch = torch.nn.functional.pad(torch_input, [0, shape_diff[-1], 0, shape_diff[-2]], value=0)
    if in_dtype == ttnn.bfloat8_b:
        assert_allclose(output_torch, output_tt, rtol=0.05, atol=0.025)
    else:
        assert torch.equal(output_tt, output_torch)


@pytest.mark.parametrize("in_dtype", [ttnn.bfloat16])
@pytest.mark.parametrize("use_multicore", [True])
def test_pad_op_row_major_unevernly_sharded(device, in_dtype, use_multicore):
    shape = [1, 1, 18, 50]
    padshape = [1, 1, TILE_HEIGHT, 2 * TILE_WIDTH]
    shard_shape = [1, 1, 18, 40]

    shard_core_grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))})
    nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_mem_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=nd_shard_spec)

    torch_input = random_torch_tensor(in_dtype, shape)
    ttnn_input = ttnn.from_torch(
        torch_input, device=device, memory_config=input_mem_config, dtype=in_dtype, layout=ttnn.ROW_MAJOR_LAYOUT
    )

    output_mem_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)
    output_tt = ttnn.pad(
        ttnn_input, padshape, [0, 0, 0, 0], value=0, use_multicore=use_multicore, memory_config=output_mem_config
    )
    output_tt = ttnn.to_torch(output_tt)
    assert output_tt.shape == torch.Size(padshape), f"Shape mismatch: expected {padshape}, got {list(output_tt.shape)}"

    shape_diff = list(map(lambda x, y: x - y, padshape, shape))
    output_torch = torch.nn.functional.pad(torch_input, [0, shape_diff[-1], 0, shape_diff[-2]], value=0)
    assert torch.equal(output_tt, output_torch)


def _unsqueeze(smaller, larger, fill):
    diff = len(larger) - len(smaller)
    return [fill] * diff + smaller


@pytest.mark.parametrize(
    "shape",
    [[2, 8], [1, 2, 3, 4], [5, 4, 3, 2, 1], [2, 128], [2, 60], [30, 128], [30, 60], [320, 320], [1, 1, 320, 320]],
)
@pytest.mark.parametrize(
    "padding", [[25, 1], [5, 4], [64], [32, 32], [1, 0, 0, 0], [1, 0, 0], [32, 32, 32, 64], [0, 64], [0, 0, 0, 64]]
)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint16, ttnn.bfloat8_b])
def test_pad_tile(shape, padding, dtype, device):
    if (shape, padding) in [([5, 4, 3, 2, 1], [1, 0, 0, 0]), ([5, 4, 3, 2, 1], [32, 32, 32, 64])]:
        pytest.xfail("Can't pad upper dims with rank>4")

    if len(shape) < len(padding):
        shape = _unsqueeze(shape, padding, 1)
    elif len(padding) < len(shape):
        padding = _unsqueeze(padding, shape, 0)

    input = torch.ones(prod(shape), dtype=torch.bfloat16).reshape(shape)
    input_tensor = ttnn.from_torch(input, dtype=dtype, device=device, layout=ttnn.TILE_LAYOUT)

    torch_padding = sum([[0, p] for p in reversed(padding)], [])
    torch_output = torch.nn.functional.pad(input, torch_padding, value=5)

    output = ttnn.pad(input_tensor, [(0, p) for p in padding], value=5)

    out_tt = ttnn.to_torch(output)

    assert torch.equal(out_tt, torch_output)


def pad_reference(input_torch, padded_shape, input_tensor_start, pad_value):
    """PyTorch reference for ttnn.pad using shape-based API."""
    rank = len(padded_shape)
    torch_padding = []
    for i in reversed(range(rank)):
        front = input_tensor_start[i]
        end = padded_shape[i] - input_torch.shape[i] - input_tensor_start[i]
        torch_padding.extend([front, end])
    return torch.nn.functional.pad(input_torch, torch_padding, mode="constant", value=pad_value)


def skip_if_tile_layout_incompatible(layout, input_shard_shape=None, output_shard_shape=None):
    """Skip test if tile layout is used but shapes aren't tile-aligned."""
    TILE_SIZE = 32
    if layout != ttnn.TILE_LAYOUT:
        return
    for shard_shape in (input_shard_shape, output_shard_shape):
        if shard_shape is None:
            continue
        if shard_shape[-1] % TILE_SIZE != 0 or shard_shape[-2] % TILE_SIZE != 0:
            pytest.skip(f"TILE_LAYOUT requires shard shape last 2 dims to be multiples of TILE_SIZE, got {shard_shape}")


def assert_equal(expected, actual):
    assert expected.shape == actual.shape, f"Shape mismatch: {expected.shape} vs {actual.shape}"
    assert torch.equal(expected, actual), "Data mismatch"


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, input_shard_shape, output_shard_shape,shard_core_grid",
    [
        # Height-only end padding, same shard shape
        (
            [1, 1, 16, 64],
            [1, 1, 32, 64],
            [1, 1, 8, 64],
            None,
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
        ),
        # Width-only end padding, same shard shape
        (
            [1, 1, 16, 32],
            [1, 1, 16, 64],
            [1, 1, 8, 32],
            [1, 1, 8, 32],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
        ),
        # N-dim padding
        (
            [2, 1, 16, 64],
            [4, 1, 16, 64],
            [1, 1, 16, 64],
            None,
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
        ),
        # Uneven input sharding (dim 0: 3 % 2 != 0)
        (
            [3, 1, 16, 64],
            [3, 1, 32, 64],
            [2, 1, 8, 64],
            [2, 1, 16, 64],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
        ),
        # Different input/output shard specs
        (
            [1, 1, 16, 64],
            [1, 1, 32, 64],
            [1, 1, 8, 64],
            [1, 1, 16, 64],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
        ),
        # Combined H and W padding, different output shard
        (
            [1, 1, 16, 32],
            [1, 1, 32, 64],
            [1, 1, 8, 32],
            [1, 1, 16, 32],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
        ),
        # Uneven ND sharding, odd padding
        (
            [5, 4, 160, 160],
            [6, 7, 191, 187],
            [2, 3, 64, 96],
            [2, 3, 60, 40],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 2))}),
        ),
        # Uneven ND sharding, tile divisible
        (
            [5, 4, 160, 160],
            [6, 7, 192, 192],
            [2, 3, 64, 96],
            [2, 3, 128, 128],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 2))}),
        ),
    ],
)
@pytest.mark.parametrize("input_is_nd_sharded", [True, False])
@pytest.mark.parametrize("output_is_nd_sharded", [True, False])
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_nd_sharded(
    device,
    dtype,
    tensor_shape,
    padded_shape,
    input_shard_shape,
    output_shard_shape,
    shard_core_grid,
    input_is_nd_sharded,
    output_is_nd_sharded,
    layout,
):
    effective_output_shard_shape = output_shard_shape if output_shard_shape is not None else input_shard_shape
    skip_if_tile_layout_incompatible(layout, input_shard_shape, effective_output_shard_shape)
    torch.manual_seed(42)

    input_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=input_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    output_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=effective_output_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )

    if input_is_nd_sharded:
        input_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=input_nd_shard_spec)
    else:
        input_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)
    if output_is_nd_sharded:
        output_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=output_nd_shard_spec)
    else:
        output_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)
    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 10, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 10)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, input_shard_shape",
    [
        # ND-sharded input, height-only padding, interleaved output
        ([2, 1, 16, 64], [2, 1, 32, 64], [1, 1, 8, 64]),
        # ND-sharded input, combined padding, interleaved output
        ([1, 1, 16, 32], [1, 1, 32, 64], [1, 1, 8, 32]),
        # Uneven input sharding
        ([3, 1, 16, 64], [3, 1, 32, 64], [2, 1, 8, 64]),
        # Uneven ND sharding
        ([5, 4, 160, 160], [5, 4, 192, 192], [2, 3, 64, 96]),
    ],
)
@pytest.mark.parametrize(
    "shard_core_grid",
    [ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))})],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_nd_sharded_to_interleaved(
    device, dtype, tensor_shape, padded_shape, input_shard_shape, shard_core_grid, layout
):
    skip_if_tile_layout_incompatible(layout, input_shard_shape=input_shard_shape)
    torch.manual_seed(42)

    input_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=input_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=input_nd_shard_spec)
    output_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)

    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 0, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 0)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, output_shard_shape",
    [
        # Interleaved input, height-only padding, ND-sharded output
        ([1, 1, 16, 64], [1, 1, 32, 64], [1, 1, 16, 64]),
        # Interleaved input, combined padding, ND-sharded output
        ([1, 1, 16, 32], [1, 1, 32, 64], [1, 1, 16, 32]),
        # Uneven ND sharding
        ([5, 4, 160, 160], [5, 4, 192, 192], [2, 3, 64, 96]),
    ],
)
@pytest.mark.parametrize(
    "shard_core_grid",
    [ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))})],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_interleaved_to_nd_sharded(
    device, dtype, tensor_shape, padded_shape, output_shard_shape, shard_core_grid, layout
):
    skip_if_tile_layout_incompatible(layout, output_shard_shape=output_shard_shape)
    torch.manual_seed(42)

    output_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=output_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)
    output_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=output_nd_shard_spec)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)

    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 0, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 0)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, input_shard_shape",
    [
        ([1, 1, 16, 64], [1, 1, 32, 64], [1, 1, 8, 64]),
        ([2, 1, 16, 64], [2, 1, 32, 64], [1, 1, 16, 64]),
        # Uneven ND sharding: dim 0 has 3 % 2 != 0
        ([3, 1, 16, 64], [3, 1, 32, 64], [2, 1, 8, 64]),
        # Uneven ND sharding
        ([5, 4, 160, 160], [5, 4, 192, 192], [2, 3, 64, 96]),
    ],
)
@pytest.mark.parametrize(
    "shard_core_grid",
    [ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))})],
)
@pytest.mark.parametrize(
    "output_memory_layout",
    [
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        ttnn.TensorMemoryLayout.BLOCK_SHARDED,
    ],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_nd_sharded_to_legacy_sharded(
    device, dtype, tensor_shape, padded_shape, input_shard_shape, shard_core_grid, output_memory_layout, layout
):
    """pad: ND-sharded input -> legacy-sharded output."""
    torch.manual_seed(42)

    num_shard_cores = shard_core_grid.num_cores()
    num_dims = len(padded_shape)
    tensor_height = 1
    for i in range(num_dims - 1):
        tensor_height *= padded_shape[i]
    tensor_width = padded_shape[-1]

    height_shard_shape = (tensor_height // num_shard_cores, tensor_width)
    width_shard_shape = (tensor_height, tensor_width // num_shard_cores)
    block_shard_shape = (
        tensor_height // int(math.sqrt(num_shard_cores)),
        tensor_width // int(math.sqrt(num_shard_cores)),
    )
    shard_layout_map = {
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED: {"shard_grid": shard_core_grid, "shard_shape": height_shard_shape},
        ttnn.TensorMemoryLayout.WIDTH_SHARDED: {"shard_grid": shard_core_grid, "shard_shape": width_shard_shape},
        ttnn.TensorMemoryLayout.BLOCK_SHARDED: {"shard_grid": shard_core_grid, "shard_shape": block_shard_shape},
    }
    layout_info = shard_layout_map[output_memory_layout]

    if any(d == 0 for d in layout_info["shard_shape"]):
        pytest.skip("Shard shape has a zero dimension")
    if layout_info["shard_shape"][0] * layout_info["shard_shape"][1] == 0:
        pytest.skip("Invalid shard shape")
    skip_if_tile_layout_incompatible(
        layout,
        input_shard_shape=input_shard_shape,
        output_shard_shape=layout_info["shard_shape"],
    )

    output_shard_spec = ttnn.ShardSpec(
        layout_info["shard_grid"], layout_info["shard_shape"], ttnn.ShardOrientation.ROW_MAJOR
    )
    output_memory_config = ttnn.MemoryConfig(output_memory_layout, ttnn.BufferType.L1, output_shard_spec)

    nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=input_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=nd_shard_spec)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)

    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 0, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 0)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, output_shard_shape",
    [
        ([1, 1, 16, 64], [1, 1, 32, 64], [1, 1, 16, 64]),
        ([2, 1, 16, 64], [2, 1, 32, 64], [1, 1, 16, 64]),
        # Uneven ND sharding
        ([5, 4, 160, 160], [5, 4, 192, 192], [2, 3, 64, 96]),
    ],
)
@pytest.mark.parametrize(
    "shard_core_grid",
    [ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))})],
)
@pytest.mark.parametrize(
    "input_memory_layout",
    [
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
    ],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_legacy_sharded_to_nd_sharded(
    device, dtype, tensor_shape, padded_shape, output_shard_shape, shard_core_grid, input_memory_layout, layout
):
    """pad: legacy-sharded input -> ND-sharded output."""
    torch.manual_seed(42)

    num_shard_cores = shard_core_grid.num_cores()
    num_dims = len(tensor_shape)
    tensor_height = 1
    for i in range(num_dims - 1):
        tensor_height *= tensor_shape[i]
    tensor_width = tensor_shape[-1]

    input_shard_shape = (tensor_height // num_shard_cores, tensor_width)
    skip_if_tile_layout_incompatible(layout, input_shard_shape=input_shard_shape, output_shard_shape=output_shard_shape)
    input_shard_spec = ttnn.ShardSpec(shard_core_grid, input_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    input_memory_config = ttnn.MemoryConfig(input_memory_layout, ttnn.BufferType.L1, input_shard_spec)

    output_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=output_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    output_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=output_nd_shard_spec)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)

    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 0, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 0)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape",
    [
        ([1, 1, 16, 64], [1, 1, 32, 64]),
        ([2, 1, 16, 64], [2, 1, 32, 64]),
        ([3, 1, 128, 128], [3, 1, 150, 150]),
    ],
)
@pytest.mark.parametrize(
    "shard_core_grid",
    [ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))})],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_legacy_sharded_to_interleaved(device, dtype, tensor_shape, padded_shape, shard_core_grid, layout):
    """pad: legacy HEIGHT_SHARDED input -> interleaved output via default factory."""
    torch.manual_seed(42)

    num_shard_cores = shard_core_grid.num_cores()
    num_dims = len(tensor_shape)
    tensor_height = 1
    for i in range(num_dims - 1):
        tensor_height *= tensor_shape[i]
    tensor_width = tensor_shape[-1]

    input_shard_shape = (tensor_height // num_shard_cores, tensor_width)
    skip_if_tile_layout_incompatible(layout, input_shard_shape=input_shard_shape)
    input_shard_spec = ttnn.ShardSpec(shard_core_grid, input_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    input_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, input_shard_spec
    )
    output_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)

    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 0, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 0)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape",
    [
        ([3, 1, 128, 128], [3, 1, 192, 192]),
    ],
)
@pytest.mark.parametrize(
    "shard_core_grid",
    [ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 2))})],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_pad_interleaved_to_legacy_sharded(device, dtype, tensor_shape, padded_shape, shard_core_grid, layout):
    """pad: interleaved input -> legacy HEIGHT_SHARDED output."""
    torch.manual_seed(42)

    num_shard_cores = shard_core_grid.num_cores()
    num_dims = len(padded_shape)
    tensor_height = 1
    for i in range(num_dims - 1):
        tensor_height *= padded_shape[i]
    tensor_width = padded_shape[-1]

    output_shard_shape = (tensor_height // num_shard_cores, tensor_width)
    skip_if_tile_layout_incompatible(layout, output_shard_shape=output_shard_shape)
    output_shard_spec = ttnn.ShardSpec(shard_core_grid, output_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    output_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, output_shard_spec
    )
    input_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_tensor_start = [0] * len(tensor_shape)

    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=layout,
        device=device,
        memory_config=input_memory_config,
    )
    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 0, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 0)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, input_tensor_start, input_shard_shape, shard_core_grid",
    [
        (
            [1, 1, 16, 32],
            [1, 1, 32, 64],
            [0, 0, 8, 16],
            [1, 1, 8, 32],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))}),
        ),
        (
            [5, 3, 17, 24],
            [6, 5, 32, 64],
            [1, 2, 7, 20],
            [3, 2, 9, 16],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))}),
        ),
    ],
    ids=["even_sharding", "uneven_sharding"],
)
def test_pad_nd_sharded_front_padding_row_major(
    device, dtype, tensor_shape, padded_shape, input_tensor_start, input_shard_shape, shard_core_grid
):
    torch.manual_seed(42)

    input_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=input_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=input_nd_shard_spec)
    output_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
        memory_config=input_memory_config,
    )

    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 7, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 7)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
@pytest.mark.parametrize(
    "tensor_shape, padded_shape, input_tensor_start, input_shard_shape, output_shard_shape, shard_core_grid",
    [
        (
            [1, 1, 16, 32],
            [1, 1, 32, 64],
            [0, 0, 8, 16],
            [1, 1, 8, 32],
            [1, 1, 16, 32],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 0))}),
        ),
        (
            [5, 3, 17, 24],
            [6, 5, 32, 64],
            [1, 2, 7, 20],
            [3, 2, 9, 16],
            [4, 4, 17, 24],
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(1, 1))}),
        ),
    ],
    ids=["different_shards_even", "different_shards_uneven"],
)
def test_pad_nd_sharded_to_nd_sharded_front_padding_row_major(
    device,
    dtype,
    tensor_shape,
    padded_shape,
    input_tensor_start,
    input_shard_shape,
    output_shard_shape,
    shard_core_grid,
):
    torch.manual_seed(42)

    input_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=input_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    output_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=output_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=input_nd_shard_spec)
    output_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=output_nd_shard_spec)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
        memory_config=input_memory_config,
    )

    output_ttnn_tensor = ttnn.pad(
        input_ttnn_tensor, padded_shape, input_tensor_start, 7, use_multicore=True, memory_config=output_memory_config
    )
    output_torch_tensor = ttnn.to_torch(output_ttnn_tensor)

    expected_torch = pad_reference(input_torch_tensor, padded_shape, input_tensor_start, 7)
    assert_equal(expected_torch, output_torch_tensor)


@pytest.mark.parametrize("dtype", [ttnn.bfloat16])
def test_pad_nd_sharded_front_padding_tile_layout_not_supported(device, dtype):
    torch.manual_seed(42)

    tensor_shape = [1, 1, 32, 32]
    padded_shape = [1, 1, 64, 64]
    input_tensor_start = [0, 0, 32, 32]
    input_shard_shape = [1, 1, 32, 32]
    shard_core_grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 0))})

    input_nd_shard_spec = ttnn.NdShardSpec(
        shard_shape=input_shard_shape, grid=shard_core_grid, orientation=ttnn.ShardOrientation.ROW_MAJOR
    )
    input_memory_config = ttnn.MemoryConfig(buffer_type=ttnn.BufferType.L1, nd_shard_spec=input_nd_shard_spec)
    output_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM)

    input_torch_tensor = torch.rand(tensor_shape, dtype=torch.bfloat16)
    input_ttnn_tensor = ttnn.from_torch(
        input_torch_tensor,
        dtype=dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=input_memory_config,
    )

    with pytest.raises(RuntimeError, match="ttnn.pad: on device tile padding does not support front padding"):
        ttnn.pad(
            input_ttnn_tensor,
            padded_shape,
            input_tensor_start,
            0,
            use_multicore=True,
            memory_config=output_memory_config,
        )
