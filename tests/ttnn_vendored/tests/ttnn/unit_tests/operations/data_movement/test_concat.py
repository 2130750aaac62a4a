# SPDX-FileCopyrightText: © 2023 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/data_movement/test_concat.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import pytest

import torch

import ttnn

from tests.ttnn.utils_for_testing import assert_with_pcc, assert_equal
from models.common.utility_functions import is_watcher_enabled, is_n300

torch.manual_seed(0)


def random_torch_tensor(dtype, shape):
    if dtype == ttnn.uint16:
        return torch.randint(0, 100, shape).to(torch.int16)
    if dtype == ttnn.int32:
        return torch.randint(-(2**31), 2**31, shape, dtype=torch.int32)
    if dtype == ttnn.uint32:
        return torch.randint(0, 2**31, shape, dtype=torch.int32)
    return torch.rand(shape).bfloat16().float()


@pytest.mark.parametrize(
    "concat_spec",
    [
        ([[1, 1, 4, 4], [1, 1, 4, 4]], -1),
        ([[96], [96]], 0),  # 1D tiled tensors
    ],
)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint32])
def test_tiled_concat(device, concat_spec, dtype):
    shapes, dim = concat_spec
    torch_input_tensors = [random_torch_tensor(dtype, shape) for shape in shapes]
    torch_output_tensor = torch.concat(torch_input_tensors, dim=dim)

    input_tensors = [
        ttnn.from_torch(torch_input_tensor, layout=ttnn.TILE_LAYOUT, device=device, dtype=dtype)
        for torch_input_tensor in torch_input_tensors
    ]

    output = ttnn.concat(input_tensors, dim=dim)
    output = ttnn.to_torch(output)

    assert_equal(torch_output_tensor, output)


@pytest.mark.parametrize("height", [20, 32])
@pytest.mark.parametrize("width", [4, 32])
@pytest.mark.parametrize("dim", [0, 1])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint32])
def test_concat(device, height, width, dim, dtype):
    torch_input_tensor_a = random_torch_tensor(dtype, (height, width))
    torch_input_tensor_b = random_torch_tensor(dtype, (height, width))
    torch_output_tensor = torch.concat([torch_input_tensor_a, torch_input_tensor_b], dim=dim)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device, dtype=dtype)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device, dtype=dtype)

    output = ttnn.concat([input_tensor_a, input_tensor_b], dim=dim)
    output = ttnn.to_torch(output)

    assert_equal(torch_output_tensor, output)


def test_concat_size_switches(device):
    def to_tt(t, device):
        return ttnn.from_torch(
            t,
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.DRAM_MEMORY_CONFIG,
        )

    # 1) decode-shape concat — caches a program
    a = torch.rand(1, 1, 1, 64, dtype=torch.bfloat16)
    tt_a = to_tt(a, device)
    ttnn.concat([tt_a, tt_a], dim=3, memory_config=ttnn.DRAM_MEMORY_CONFIG)

    # 2) prefill-shape concat — CRASH on this one
    b = torch.rand(1, 4, 64, 64, dtype=torch.bfloat16)
    c = torch.rand(1, 4, 64, 64, dtype=torch.bfloat16)
    tt_b, tt_c = to_tt(b, device), to_tt(c, device)
    ttnn.concat([tt_b, tt_c], dim=3, memory_config=ttnn.DRAM_MEMORY_CONFIG)


@pytest.mark.parametrize(
    "inputs, output_shard_shape, shard_grid, strategy, layout, cache_mode",
    (
        (
            [((1, 1, 160, 32), (80, 32)), ((1, 1, 160, 32), (80, 32))],
            (80, 64),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1))}),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.ROW_MAJOR_LAYOUT,
            False,
        ),
        (
            [((1, 1, 160, 32), (80, 32)), ((1, 1, 160, 16), (80, 16))],
            (80, 48),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1))}),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.ROW_MAJOR_LAYOUT,
            False,
        ),
        (
            [((1, 1, 25600, 64), (512, 64)), ((1, 1, 25600, 64), (512, 64))],
            (512, 128),
            ttnn.CoreRangeSet(
                {
                    ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 5)),
                    ttnn.CoreRange(ttnn.CoreCoord(0, 6), ttnn.CoreCoord(1, 6)),
                }
            ),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.ROW_MAJOR_LAYOUT,
            False,
        ),
        pytest.param(
            [((1, 1, 25600, 64), (512, 64)), ((1, 1, 25600, 64), (512, 64))],
            (512, 128),
            ttnn.CoreRangeSet(
                {
                    ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 5)),
                    ttnn.CoreRange(ttnn.CoreCoord(0, 6), ttnn.CoreCoord(1, 6)),
                }
            ),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.ROW_MAJOR_LAYOUT,
            True,
        ),
        (
            [((1, 1, 16, 16), (8, 16)), ((1, 1, 16, 16), (8, 16)), ((1, 1, 16, 16), (8, 16))],
            (8, 48),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1))}),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.ROW_MAJOR_LAYOUT,
            False,
        ),
        (
            [((1, 1, 16, 16), (8, 16)), ((1, 1, 16, 16), (8, 16)), ((1, 1, 16, 16), (8, 16))],
            (8, 48),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1))}),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.ROW_MAJOR_LAYOUT,
            True,
        ),
        (
            [((1, 1, 8, 64), (8, 16)), ((1, 1, 7, 64), (7, 16)), ((1, 1, 23, 64), (23, 16))],
            (38, 16),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 3))}),
            ttnn.ShardStrategy.WIDTH,
            ttnn.ROW_MAJOR_LAYOUT,
            False,
        ),
        (
            [((1, 1, 8, 64), (8, 16)), ((1, 1, 7, 64), (7, 16)), ((1, 1, 23, 64), (23, 16))],
            (38, 16),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 3))}),
            ttnn.ShardStrategy.WIDTH,
            ttnn.ROW_MAJOR_LAYOUT,
            True,
        ),
        (
            [((1, 1, 256, 96), (64, 96)), ((1, 1, 256, 64), (64, 64)), ((1, 1, 256, 32), (64, 32))],
            (64, 192),
            ttnn.CoreRangeSet(
                {
                    ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1)),
                    ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 0)),
                }
            ),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.TILE_LAYOUT,
            False,
        ),
        (
            [((1, 1, 32, 512), (32, 64)), ((1, 1, 64, 512), (64, 64)), ((1, 1, 96, 512), (96, 64))],
            (192, 64),
            ttnn.CoreRangeSet(
                {
                    ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 3)),
                    ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(2, 1)),
                }
            ),
            ttnn.ShardStrategy.WIDTH,
            ttnn.TILE_LAYOUT,
            False,
        ),
        # Regression test for HEIGHT_SHARDED concat hang (unet decoder_2 op 32)
        (
            [((1, 1, 4096, 256), (64, 256)), ((1, 1, 4096, 256), (64, 256))],
            (64, 512),
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))}),
            ttnn.ShardStrategy.HEIGHT,
            ttnn.TILE_LAYOUT,
            False,
        ),
    ),
)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint32])
def test_sharded_concat(device, inputs, output_shard_shape, shard_grid, strategy, layout, cache_mode, dtype):
    if not cache_mode:
        device.disable_and_clear_program_cache()

    dim = 2 if strategy == ttnn.ShardStrategy.WIDTH else 3

    def _gen_inputs(input_specs):
        input_tensors = []
        for input_spec in input_specs:
            shape, shard_shape = input_spec
            input_sharded_memory_config = ttnn.create_sharded_memory_config(
                shard_shape,
                core_grid=shard_grid,
                strategy=strategy,
                use_height_and_width_as_shard_shape=True,
            )
            torch_input_tensor = random_torch_tensor(dtype, shape)
            input_tensor = ttnn.from_torch(torch_input_tensor, layout=layout, device=device, dtype=dtype)
            input_tensor = ttnn.to_memory_config(input_tensor, input_sharded_memory_config)
            input_tensors.append((torch_input_tensor, input_tensor))
        return input_tensors

    output_sharded_memory_config = ttnn.create_sharded_memory_config(
        output_shard_shape,
        core_grid=shard_grid,
        strategy=strategy,
        use_height_and_width_as_shard_shape=True,
    )

    input_tensors = _gen_inputs(inputs)
    torch_output_tensor = torch.concat([torch_tensor for torch_tensor, _ in input_tensors], dim=dim)
    output = ttnn.concat([tensor for _, tensor in input_tensors], dim=dim, memory_config=output_sharded_memory_config)
    output = ttnn.to_torch(output)
    assert_equal(torch_output_tensor, output)

    # If cache mode is enabled, run the second set of input tensors to verify buffers are updated when cache hits.
    if not cache_mode:
        return

    input_tensors_2 = _gen_inputs(inputs)
    torch_output_tensor_2 = torch.concat([torch_tensor for torch_tensor, _ in input_tensors_2], dim=dim)
    output_2 = ttnn.concat(
        [tensor for _, tensor in input_tensors_2], dim=dim, memory_config=output_sharded_memory_config
    )
    output_2 = ttnn.to_torch(output_2)
    assert_equal(torch_output_tensor_2, output_2)


@pytest.mark.parametrize("dim", [3])
@pytest.mark.parametrize("groups", [1, 2, 4])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.bfloat8_b])
@pytest.mark.parametrize(
    "input_shapes, output_shape, core_grid, layout",
    (
        (((1, 1, 1, 32), (1, 1, 1, 32)), (1, 1, 1, 64), ttnn.CoreGrid(x=1, y=1), ttnn.ROW_MAJOR_LAYOUT),
        (((1, 1, 1, 32), (1, 1, 1, 64)), (1, 1, 1, 96), ttnn.CoreGrid(x=1, y=1), ttnn.ROW_MAJOR_LAYOUT),
        (((1, 1, 1, 64), (1, 1, 1, 32)), (1, 1, 1, 96), ttnn.CoreGrid(x=1, y=1), ttnn.ROW_MAJOR_LAYOUT),
        (((1, 1, 1024, 64), (1, 1, 1024, 32)), (1, 1, 1024, 96), ttnn.CoreGrid(x=4, y=1), ttnn.ROW_MAJOR_LAYOUT),
        (((1, 1, 256, 64), (1, 1, 256, 128)), (1, 1, 256, 192), ttnn.CoreGrid(x=8, y=1), ttnn.ROW_MAJOR_LAYOUT),
        (((1, 1, 32, 32), (1, 1, 32, 32)), (1, 1, 32, 64), ttnn.CoreGrid(x=1, y=1), ttnn.TILE_LAYOUT),
        (((1, 1, 32, 64), (1, 1, 32, 64)), (1, 1, 32, 128), ttnn.CoreGrid(x=1, y=1), ttnn.TILE_LAYOUT),
        (((1, 1, 256, 64), (1, 1, 256, 128)), (1, 1, 256, 192), ttnn.CoreGrid(x=8, y=1), ttnn.TILE_LAYOUT),
        (((1, 1, 512, 64), (1, 1, 512, 128)), (1, 1, 512, 192), ttnn.CoreGrid(x=8, y=1), ttnn.TILE_LAYOUT),
        (((1, 1, 512, 128), (1, 1, 512, 64)), (1, 1, 512, 192), ttnn.CoreGrid(x=8, y=1), ttnn.TILE_LAYOUT),
    ),
)
def test_sharded_concat_with_groups(device, input_shapes, output_shape, dim, groups, dtype, core_grid, layout):
    # Test failing with watcher enabled on N300 only
    if (
        is_watcher_enabled()
        and is_n300()
        and input_shapes == ((1, 1, 512, 128), (1, 1, 512, 64))
        and output_shape == (1, 1, 512, 192)
        and core_grid == ttnn.CoreGrid(x=8, y=1)
        and layout == ttnn.TILE_LAYOUT
        and dtype == ttnn.int32
        and groups == 1
        and dim == 3
    ):
        pytest.skip("Test is hanging with watcher enabled github issue #29557")

    torch_input_tensors = [random_torch_tensor(dtype, shapes) for idx, shapes in enumerate(input_shapes)]

    if dtype == ttnn.bfloat8_b and layout == ttnn.ROW_MAJOR_LAYOUT:
        pytest.skip("Cannot use bfloat8 with RM layout")

    if layout == ttnn.TILE_LAYOUT and (input_shapes[0][-1] // groups < 16 or input_shapes[1][-1] // groups < 16):
        pytest.xfail("Group size < 16 is currently not supported for tiled inputs")

    expected = ttnn.concat.golden_function(torch_input_tensors, dim, groups)

    sharded_memory_configs = [
        ttnn.create_sharded_memory_config(
            x.shape, core_grid, ttnn.ShardStrategy.HEIGHT, ttnn.ShardOrientation.ROW_MAJOR
        )
        for x in torch_input_tensors
    ]
    ttnn_input_tensors = [
        ttnn.from_torch(x, dtype=dtype, layout=layout, device=device, memory_config=memory_config)
        for x, memory_config in zip(torch_input_tensors, sharded_memory_configs)
    ]

    output_memory_config = ttnn.create_sharded_memory_config(output_shape, core_grid, ttnn.ShardStrategy.HEIGHT)
    z = ttnn.concat(
        [ttnn_input_tensors[0], ttnn_input_tensors[1]], dim=dim, memory_config=output_memory_config, groups=groups
    )

    actual = ttnn.to_torch(z)
    if dtype == ttnn.bfloat8_b:
        assert_with_pcc(expected, actual, 0.99)
    else:
        assert_equal(expected, actual)


@pytest.mark.parametrize("dim", [0, 1, 2, 3])
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint32])
def test_concat_5d(device, dim, dtype):
    torch_input_tensor = random_torch_tensor(dtype, (1, 1, 1, 1, 2))
    torch_result = torch.cat([torch_input_tensor, torch_input_tensor], dim=dim)

    ttnn_input_tensor = ttnn.from_torch(torch_input_tensor, layout=ttnn.ROW_MAJOR_LAYOUT, device=device, dtype=dtype)
    ttnn_result = ttnn.concat([ttnn_input_tensor, ttnn_input_tensor], dim=dim)
    ttnn_result = ttnn.to_torch(ttnn_result)
    assert_equal(torch_result, ttnn_result)


@pytest.mark.parametrize(
    "core_grid, hw, channels1, channels2, shard_height",
    (
        (
            ttnn.CoreRangeSet(
                {
                    ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1)),
                }
            ),
            96,
            64,
            32,
            64,
        ),
    ),
)
@pytest.mark.parametrize("dtype", [ttnn.bfloat16, ttnn.int32, ttnn.uint32])
def test_concat_sharded_pad(device, core_grid, hw, channels1, channels2, shard_height, dtype):
    shape1 = [1, 1, hw, channels1]
    shape2 = [1, 1, hw, channels2]

    shape1_shard_shape = (shard_height, channels1)
    shape1_shard_spec = ttnn.ShardSpec(core_grid, shape1_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    shape1_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, shape1_shard_spec
    )
    torch_input_tensor1 = random_torch_tensor(dtype, shape1)
    ttnn_input_tensor1 = ttnn.from_torch(torch_input_tensor1, dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT)
    ttnn_input_tensor1 = ttnn.to_device(ttnn_input_tensor1, device, memory_config=shape1_memory_config)

    shape2_shard_shape = (shard_height, channels2)
    shape2_shard_spec = ttnn.ShardSpec(core_grid, shape2_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    shape2_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, shape2_shard_spec
    )
    torch_input_tensor2 = random_torch_tensor(dtype, shape2)
    ttnn_input_tensor2 = ttnn.from_torch(torch_input_tensor2, dtype=dtype, layout=ttnn.ROW_MAJOR_LAYOUT)
    ttnn_input_tensor2 = ttnn.to_device(ttnn_input_tensor2, device, memory_config=shape2_memory_config)

    output_shard_shape = (shard_height, channels1 + channels2)
    output_shard_spec = ttnn.ShardSpec(core_grid, output_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    output_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1, output_shard_spec
    )

    actual = ttnn.concat(
        [ttnn_input_tensor1, ttnn_input_tensor2],
        dim=-1,
        memory_config=output_memory_config,
    )
    expected = torch.concat([torch_input_tensor1, torch_input_tensor2], dim=-1)
    assert_equal(expected, ttnn.to_torch(actual))


@pytest.mark.parametrize("input_shapes", [(32, 96), (31, 95), (1023, 1023), (64, 31), (127, 32), (7, 1), (1, 1)])
@pytest.mark.parametrize("dim", [0, -1])
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
def test_concat_1d(device, layout, dim, input_shapes):
    a = torch.randn(input_shapes[0], dtype=torch.bfloat16)
    b = torch.randn(input_shapes[1], dtype=torch.bfloat16)
    torch_output_tensor = torch.concat([a, b], dim=dim)

    in1 = ttnn.from_torch(a, dtype=ttnn.bfloat16, device=device, layout=layout)
    in2 = ttnn.from_torch(b, dtype=ttnn.bfloat16, device=device, layout=layout)

    output = ttnn.concat([in1, in2], dim=dim)
    output = ttnn.to_torch(output)

    assert_equal(torch_output_tensor, output)


@pytest.mark.parametrize("num_inputs", [47, 48, 100])
def test_concat_many_inputs(device, num_inputs):
    """
    Regression test for concat hang with many tiled inputs.
    Fixed by commit 85d11279d27 (re-calculated batch size).
    Previously hung at 48+ inputs with ETH dispatch on N300.
    """
    torch_input = torch.zeros((1,), dtype=torch.bfloat16)
    torch_expected = torch.concat([torch_input] * num_inputs, dim=0)

    input_tensor = ttnn.from_torch(
        torch_input,
        dtype=ttnn.bfloat16,
        layout=ttnn.ROW_MAJOR_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    tiled_tensor = ttnn.to_layout(input_tensor, ttnn.TILE_LAYOUT, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    ttnn.deallocate(input_tensor)

    output_tensor = ttnn.concat([tiled_tensor] * num_inputs, dim=0, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    ttnn.deallocate(tiled_tensor)

    output_host = ttnn.to_torch(output_tensor)
    assert_equal(torch_expected, output_host)


@pytest.mark.parametrize(
    "input_shapes,dim",
    [
        (((1, 1, 32, 1024), (1, 1, 32, 1024)), 3),
        (((1, 1, 32, 64), (1, 1, 32, 96)), 3),
        (((1, 1, 64, 32), (1, 1, 64, 64)), 3),
        (((1, 1, 128, 128), (1, 1, 128, 256)), 3),
        (((1, 1, 256, 512), (1, 1, 256, 256)), 3),
        (((1, 1, 32, 1024), (1, 1, 32, 1024)), 0),
        (((1, 1, 32, 64), (1, 1, 32, 64)), 0),
    ],
)
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT])
@pytest.mark.parametrize(
    "sub_core_grids",
    [
        ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 7))}),
        ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(1, 0), ttnn.CoreCoord(4, 7))}),
    ],
)
@pytest.mark.parametrize(
    "memory_config",
    [
        ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.DRAM),
        ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1),
    ],
)
def test_concat_sub_core_grids(device, layout, dim, input_shapes, sub_core_grids, memory_config):
    shape_a, shape_b = input_shapes
    a = torch.randn(shape_a, dtype=torch.bfloat16)
    b = torch.randn(shape_b, dtype=torch.bfloat16)
    torch_output_tensor = torch.concat([a, b], dim=dim)

    # Create input tensors with interleaved memory config
    in1 = ttnn.from_torch(a, dtype=ttnn.bfloat16, device=device, layout=layout, memory_config=memory_config)
    in2 = ttnn.from_torch(b, dtype=ttnn.bfloat16, device=device, layout=layout, memory_config=memory_config)

    # Run concat with sub_core_grids
    output = ttnn.concat([in1, in2], dim=dim, memory_config=memory_config, sub_core_grids=sub_core_grids)
    output = ttnn.to_torch(output)

    assert_equal(torch_output_tensor, output)


@pytest.mark.parametrize(
    "shapes, dim",
    [
        ([[217413, 1]] * 4, 1),
    ],
)
def test_concat_large_page_l1_budget(device, shapes, dim):
    torch_inputs = [torch.rand(*shape, dtype=torch.float32) for shape in shapes]
    torch_output_tensor = torch.concat(torch_inputs, dim=dim)

    input_tensors = [
        ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT, device=device, dtype=ttnn.float32) for t in torch_inputs
    ]
    output = ttnn.concat(input_tensors, dim=dim)
    output = ttnn.to_torch(output)

    assert_with_pcc(torch_output_tensor, output)


def test_concat_int32_2d_dim1_regression(device):
    """Regression test for issue #43371: ttnn.concat on tile-layout int32 2D tensors
    with non-aligned last dim and large dim[-2] that would overflow L1 after the
    untilize+transpose fallback.

    Computes the smallest tile-aligned height whose post-transpose page size
    exceeds the device's usable L1, keeping runtime and memory pressure minimal."""

    TILE_H = 32
    elem_size = 4  # int32
    l1_unreserved = ttnn.get_max_worker_l1_unreserved_size()
    min_overflow_rows = (l1_unreserved // elem_size) + 1
    rows = ((min_overflow_rows + TILE_H - 1) // TILE_H) * TILE_H

    torch.manual_seed(0)

    torch_a = torch.randint(-(2**31), 2**31, [rows, 3], dtype=torch.int32)
    torch_b = torch.randint(-(2**31), 2**31, [rows, 1], dtype=torch.int32)
    torch_output = torch.cat([torch_a, torch_b], dim=1)

    tt_a = ttnn.from_torch(
        torch_a,
        dtype=ttnn.int32,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    tt_b = ttnn.from_torch(
        torch_b,
        dtype=ttnn.int32,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    tt_output = ttnn.concat([tt_a, tt_b], dim=1)

    assert list(tt_output.shape) == [rows, 4]

    tt_output_torch = ttnn.to_torch(tt_output)
    assert torch.equal(torch_output, tt_output_torch)
