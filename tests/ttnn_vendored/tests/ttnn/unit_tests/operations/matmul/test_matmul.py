# SPDX-FileCopyrightText: © 2023 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/matmul/test_matmul.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import os

from loguru import logger
import pytest
import torch
import math
import ttnn

from models.common.utility_functions import (
    is_blackhole,
    is_llk_assert_enabled,
    skip_for_slow_dispatch,
)
from tests.ttnn.utils_for_testing import assert_with_pcc, assert_numeric_metrics, assert_equal
from ttnn.operations.activations import get_golden_function_for_activation


# for setting up multi-device stress tests
NUM_DEVICES_ENV_KEY = "USE_NUM_DEVICES"
NUM_DEVICES = ttnn.distributed.get_num_pcie_devices() if os.environ.get(NUM_DEVICES_ENV_KEY, None) is not None else 1


def find_max_subblock(out_block_h, out_block_w):
    max_product = 0
    best_h = 1
    best_w = 1

    for h in range(1, out_block_h + 1):
        if out_block_h % h == 0:  # h is a divisor of out_block_h
            for w in range(1, out_block_w + 1):
                if out_block_w % w == 0 and h * w <= 8:  # w is a divisor and product condition met
                    if h * w > max_product:
                        max_product = h * w
                        best_h = h
                        best_w = w
    if out_block_w > best_w:
        best_h = 1
    return best_h, best_w, max_product


# Supported (transpose_tile, tile_w, tile_h, has_bias) combinations for tiny-tile matmul.
# Excluded cases:
#   - transpose_tile=True,  tile_w=16, any tile_h, any has_bias:
#       in1=32x16 with transpose has no addr_mod handling in llk_math_matmul
#   - transpose_tile=False, tile_w=16, tile_h=32, has_bias=True:
#       Broadcast Row with 32x16 narrow tile not supported
_TINY_TILE_SUPPORTED_COMBOS = frozenset(
    # (transpose_tile, tile_w, tile_h, has_bias)
    {
        (False, 16, 16, False),
        (False, 16, 16, True),
        (False, 16, 32, False),
        # (False, 16, 32, True) excluded
        (False, 32, 16, False),
        (False, 32, 16, True),
        (False, 32, 32, False),
        (False, 32, 32, True),
        # (True, 16, *, *) all excluded
        (True, 32, 16, False),
        (True, 32, 16, True),
        (True, 32, 32, False),
        (True, 32, 32, True),
    }
)


def is_tiny_tile_combo_supported(transpose_tile: bool, tile_w: int, tile_h: int, has_bias: bool = False) -> bool:
    """Return True if the (transpose_tile, tile_w, tile_h, has_bias) combo is valid in tiny-tile matmul."""
    return (transpose_tile, tile_w, tile_h, has_bias) in _TINY_TILE_SUPPORTED_COMBOS


@pytest.mark.parametrize("n", [2])
@pytest.mark.parametrize("c", [5])
@pytest.mark.parametrize("h", [384])
@pytest.mark.parametrize("w", [768])
@pytest.mark.parametrize("tile_h", [1, 2, 4, 8, 16, 32])
@pytest.mark.parametrize("tile_w", [16, 32])
@pytest.mark.parametrize("dtype", [ttnn.bfloat8_b, ttnn.bfloat4_b])
@pytest.mark.parametrize("transpose_tile", [True, False])
def test_tiny_tiles_bfloat(device, n, c, h, w, tile_h, tile_w, dtype, transpose_tile):
    if tile_h < 16 and transpose_tile:
        pytest.skip("transpose tile does not support tile height less than 16")
    # minimum tile_h = 4 for fbloat, as exponents are packed into uint32 (4 exponents minmum)
    torch.manual_seed(0)
    torch_input_tensor = torch.randn((n, c, h, w), dtype=torch.bfloat16)
    input_tensor = ttnn.from_torch(
        torch_input_tensor,
        tile=ttnn.Tile((tile_h, tile_w), transpose_tile=transpose_tile),
        layout=ttnn.TILE_LAYOUT,
        dtype=dtype,
        device=device,
        memory_config=ttnn.L1_MEMORY_CONFIG,
    )
    output_tensor = ttnn.to_torch(input_tensor)
    if dtype == ttnn.bfloat4_b:
        assert_numeric_metrics(
            torch_input_tensor,
            output_tensor,
            pcc_threshold=0.989,
            check_allclose=False,
            check_frobenius=False,
            check_ulp=False,
        )
    else:
        assert_numeric_metrics(
            torch_input_tensor,
            output_tensor,
            pcc_threshold=0.9999,
            check_allclose=False,
            check_frobenius=False,
            check_ulp=False,
        )


@pytest.mark.parametrize("n", [1])
@pytest.mark.parametrize("c", [1])
@pytest.mark.parametrize("m", [1024])
@pytest.mark.parametrize("k", [64])
@pytest.mark.parametrize("n_out", [512])
@pytest.mark.parametrize("tile_h", [8, 16])
@pytest.mark.parametrize("tile_w", [16])
def test_optional_output_argument_with_tiny_tiles(device, n, c, m, k, n_out, tile_h, tile_w):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.rand((n, c, m, k), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((n, c, k, n_out), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)
    torch_opt_output_tensor = torch.zeros_like(torch_output_tensor)

    input_tensor_a = ttnn.from_torch(
        torch_input_tensor_a,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((tile_h, 32)),
        device=device,
    )
    input_tensor_b = ttnn.from_torch(
        torch_input_tensor_b,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((32, tile_w)),
        device=device,
    )
    optional_output_tensor = ttnn.from_torch(
        torch_opt_output_tensor,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((tile_h, tile_w)),
        device=device,
    )

    output = ttnn.matmul(input_tensor_a, input_tensor_b)
    output = ttnn.to_torch(output)

    ttnn.matmul(input_tensor_a, input_tensor_b, optional_output_tensor=optional_output_tensor)
    optional_output_tensor = ttnn.to_torch(optional_output_tensor)

    assert output.shape == torch_output_tensor.shape == optional_output_tensor.shape
    assert_with_pcc(torch_output_tensor, output, 0.999)
    assert_with_pcc(torch_output_tensor, optional_output_tensor, 0.999)
    assert_with_pcc(output, optional_output_tensor, 0.999)


@pytest.mark.parametrize("n", [1])
@pytest.mark.parametrize("c", [2])
@pytest.mark.parametrize("h", [71])
@pytest.mark.parametrize("w", [35])
@pytest.mark.parametrize("tile_h", [1, 2, 4, 8, 16, 32])
@pytest.mark.parametrize("tile_w", [16, 32])
def test_tiny_tiles(device, n, c, h, w, tile_h, tile_w):
    torch.manual_seed(0)
    torch_input_tensor = torch.rand((n, c, h, w), dtype=torch.bfloat16)
    input_tensor = ttnn.from_torch(
        torch_input_tensor,
        tile=ttnn.Tile((tile_h, tile_w)),
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.L1_MEMORY_CONFIG,
    )
    output_tensor = ttnn.to_torch(input_tensor)
    assert_numeric_metrics(torch_input_tensor, output_tensor, pcc_threshold=1, check_ulp=False)


@pytest.mark.parametrize("m, k, n", [(784, 192, 576), (576, 192, 784), (486, 792, 352), (966, 123, 561)])
def test_pytorch_2_0_failed_cases(device, m, k, n):
    torch.manual_seed(0)
    x = torch.ones((m, k), dtype=torch.float32)
    y = torch.ones((k, n), dtype=torch.float32)
    x_tt = ttnn.from_torch(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    y_tt = ttnn.from_torch(y, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    z_tt = ttnn.matmul(x_tt, y_tt)
    z = ttnn.to_torch(z_tt)
    z_t = torch.matmul(x, y)
    assert_numeric_metrics(z_t, z)


@pytest.mark.parametrize("device_params", [{"dispatch_core_axis": ttnn.DispatchCoreAxis.COL}], indirect=True)
@pytest.mark.parametrize("m", [256])
@pytest.mark.parametrize("k", [256])
@pytest.mark.parametrize("n", [256])
@pytest.mark.parametrize("tile_h", [32])
@pytest.mark.parametrize("tile_w", [32])
@pytest.mark.parametrize("in0_sharded", [True])
@pytest.mark.parametrize("in1_sharded", [True])
@pytest.mark.parametrize("out_sharded", [True])
@pytest.mark.parametrize("in1_dtype", [ttnn.bfloat8_b])
@pytest.mark.parametrize("transpose_tile", [False])
def test_matmul_reuse_config_sharded_fd_column(
    device, m, k, n, tile_h, tile_w, in0_sharded, in1_sharded, out_sharded, in1_dtype, transpose_tile
):
    torch.manual_seed(0)

    compute_grid_size = device.compute_with_storage_grid_size()
    b = compute_grid_size.x
    h = compute_grid_size.y

    grid_size = (b, h)

    in0 = torch.randn((b, h, m, k), dtype=torch.bfloat16)
    in1 = torch.randn((b, h, k, n), dtype=torch.bfloat16)

    if in0_sharded:
        in0_memory_config = ttnn.create_sharded_memory_config(
            (b, h, m, k),
            core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
            strategy=ttnn.ShardStrategy.HEIGHT,
            orientation=ttnn.ShardOrientation.ROW_MAJOR,
        )
    else:
        in0_memory_config = ttnn.L1_MEMORY_CONFIG
    in0_t = ttnn.from_torch(
        in0,
        tile=ttnn.Tile((tile_h, 32)),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in0_memory_config,
    )

    if in1_sharded:
        in1_memory_config = ttnn.create_sharded_memory_config(
            (b, h, k, n),
            core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
            strategy=ttnn.ShardStrategy.HEIGHT,
            orientation=ttnn.ShardOrientation.ROW_MAJOR,
        )
    else:
        in1_memory_config = ttnn.L1_MEMORY_CONFIG
    in1_t = ttnn.from_torch(
        in1,
        tile=ttnn.Tile((32, tile_w), transpose_tile=transpose_tile),
        dtype=in1_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in1_memory_config,
    )

    out_block_h = m // tile_h
    out_block_w = n // tile_w
    out_subblock_h, out_subblock_w, _ = find_max_subblock(out_block_h, out_block_w)

    program_config = ttnn.MatmulMultiCoreReuseProgramConfig(
        compute_with_storage_grid_size=grid_size,
        in0_block_w=k // 32,
        out_subblock_h=out_subblock_h,
        out_subblock_w=out_subblock_w,
        per_core_M=out_block_h,
        per_core_N=out_block_w,
    )
    if out_sharded:
        out_mem_config = ttnn.MemoryConfig(
            memory_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            buffer_type=ttnn.BufferType.L1,
        )
    else:
        out_mem_config = ttnn.L1_MEMORY_CONFIG
    # override the tile width for later ops
    if out_sharded and tile_h <= 16:
        output_tile = ttnn.Tile([tile_h, 32])
    else:
        output_tile = ttnn.Tile([tile_h, tile_w])
    output_tile = ttnn.Tile([tile_h, tile_w])
    output_t = ttnn.matmul(
        in0_t, in1_t, program_config=program_config, memory_config=out_mem_config, output_tile=output_tile
    )
    output_tensor = ttnn.to_torch(output_t)
    pt_out = in0 @ in1

    assert_numeric_metrics(
        pt_out,
        output_tensor,
        atol=0.008 * k,
        rtol=11 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.999,
        check_ulp=False,
    )


@pytest.mark.parametrize("b", [2])
@pytest.mark.parametrize("h", [3])
@pytest.mark.parametrize("m", [256])
@pytest.mark.parametrize("k", [256])
@pytest.mark.parametrize("n", [256])
@pytest.mark.parametrize("tile_h", [4, 8, 16, 32])
@pytest.mark.parametrize("tile_w", [16, 32])
@pytest.mark.parametrize("in0_sharded", [True, False])
@pytest.mark.parametrize("in1_sharded", [True, False])
@pytest.mark.parametrize("out_sharded", [True, False])
@pytest.mark.parametrize("in1_dtype", [ttnn.bfloat8_b, ttnn.bfloat4_b])
@pytest.mark.parametrize("transpose_tile", [True, False])
def test_matmul_reuse_config_sharded_tiny_tile(
    device, b, h, m, k, n, tile_h, tile_w, in0_sharded, in1_sharded, out_sharded, in1_dtype, transpose_tile
):
    if not is_tiny_tile_combo_supported(transpose_tile, tile_w, tile_h) and is_llk_assert_enabled():
        pytest.skip("Unsupported tiny-tile combination (see _TINY_TILE_SUPPORTED_COMBOS).")

    torch.manual_seed(0)

    grid_size = (b, h)

    in0 = torch.randn((b, h, m, k), dtype=torch.bfloat16)
    in1 = torch.randn((b, h, k, n), dtype=torch.bfloat16)

    if in0_sharded:
        in0_memory_config = ttnn.create_sharded_memory_config(
            (b, h, m, k),
            core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
            strategy=ttnn.ShardStrategy.HEIGHT,
            orientation=ttnn.ShardOrientation.ROW_MAJOR,
        )
    else:
        in0_memory_config = ttnn.L1_MEMORY_CONFIG
    in0_t = ttnn.from_torch(
        in0,
        tile=ttnn.Tile((tile_h, 32)),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in0_memory_config,
    )

    if in1_sharded:
        in1_memory_config = ttnn.create_sharded_memory_config(
            (b, h, k, n),
            core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
            strategy=ttnn.ShardStrategy.HEIGHT,
            orientation=ttnn.ShardOrientation.ROW_MAJOR,
        )
    else:
        in1_memory_config = ttnn.L1_MEMORY_CONFIG
    in1_t = ttnn.from_torch(
        in1,
        tile=ttnn.Tile((32, tile_w), transpose_tile=transpose_tile),
        dtype=in1_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in1_memory_config,
    )

    out_block_h = m // tile_h
    out_block_w = n // tile_w
    out_subblock_h, out_subblock_w, _ = find_max_subblock(out_block_h, out_block_w)

    program_config = ttnn.MatmulMultiCoreReuseProgramConfig(
        compute_with_storage_grid_size=grid_size,
        in0_block_w=k // 32,
        out_subblock_h=out_subblock_h,
        out_subblock_w=out_subblock_w,
        per_core_M=out_block_h,
        per_core_N=out_block_w,
    )
    if out_sharded:
        out_mem_config = ttnn.MemoryConfig(
            memory_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
            buffer_type=ttnn.BufferType.L1,
        )
    else:
        out_mem_config = ttnn.L1_MEMORY_CONFIG
    # override the tile width for later ops
    if out_sharded and tile_h <= 16:
        output_tile = ttnn.Tile([tile_h, 32])
    else:
        output_tile = ttnn.Tile([tile_h, tile_w])
    output_tile = ttnn.Tile([tile_h, tile_w])
    output_t = ttnn.matmul(
        in0_t, in1_t, program_config=program_config, memory_config=out_mem_config, output_tile=output_tile
    )
    output_tensor = ttnn.to_torch(output_t)
    pt_out = in0 @ in1

    if in1_dtype == ttnn.bfloat4_b:
        assert_numeric_metrics(
            pt_out,
            output_tensor,
            atol=0.04 * k,
            rtol=68.5 * k,
            frobenius_threshold=0.001 * k,
            pcc_threshold=0.993,
            check_ulp=False,
        )
    elif in1_dtype == ttnn.bfloat8_b:
        assert_numeric_metrics(
            pt_out,
            output_tensor,
            atol=0.007 * k,
            rtol=8.688 * k,
            frobenius_threshold=0.001 * k,
            pcc_threshold=0.999,
            check_ulp=False,
        )
    else:
        assert_numeric_metrics(pt_out, output_tensor, pcc_threshold=0.999)


def pad_to_dram_banks(num, tile_w, lcm=32 * 12):
    remainder = num % lcm
    if remainder == 0:
        return num
    padding_needed = lcm - remainder
    padded_number = num + padding_needed
    return padded_number


@pytest.mark.parametrize("k", [1024])
@pytest.mark.parametrize("n", [1280])
@pytest.mark.parametrize("has_bias", [False, True])
@pytest.mark.parametrize("grid_size", [(8, 1)])
@pytest.mark.parametrize("tile_h", [16, 32])
@pytest.mark.parametrize("tile_w", [16, 32])
@pytest.mark.parametrize("in1_dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
@pytest.mark.parametrize("transpose_tile", [True, False])
@pytest.mark.parametrize("mesh_device", [(1, NUM_DEVICES)], indirect=True)
def test_matmul_in1_dram_sharded_tiny_tile(
    mesh_device, k, n, has_bias, grid_size, tile_h, tile_w, in1_dtype, transpose_tile
):
    torch.manual_seed(0)
    if not is_tiny_tile_combo_supported(transpose_tile, tile_w, tile_h, has_bias) and is_llk_assert_enabled():
        pytest.skip("Unsupported tiny-tile combination (see _TINY_TILE_SUPPORTED_COMBOS).")

    # PCC issue when height not equal to tile height
    m = tile_h
    if is_blackhole():
        num_banks = mesh_device.dram_grid_size().x  # need to match harvesting of dram
    else:
        num_banks = 12
    n_padded = pad_to_dram_banks(n, tile_w, tile_w * num_banks)

    in0_shape = [1, 1, m, k]
    in1_shape = [1, 1, k, n]
    in1_shard_shape = [k, n_padded // num_banks]
    bias_shape = [1, 1, n]
    bias_shard_shape = [tile_h, n_padded // num_banks]
    num_cores = grid_size[0] * grid_size[1]

    in0_block_w = k // num_cores // 32
    out_block_h = m // tile_h
    out_block_w = n // num_cores // tile_w

    sharded_mem_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        buffer_type=ttnn.BufferType.L1,
    )

    in0 = torch.randn(in0_shape).bfloat16().float()
    in1 = torch.randn(in1_shape).bfloat16().float()

    in0_memory_config = ttnn.create_sharded_memory_config(
        (1, 1, m, k),
        core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
        strategy=ttnn.ShardStrategy.WIDTH,
        orientation=ttnn.ShardOrientation.ROW_MAJOR,
    )
    in0_t = ttnn.from_torch(
        in0,
        tile=ttnn.Tile((tile_h, 32)),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=mesh_device,
        memory_config=in0_memory_config,
    )
    in1_shard_grid = ttnn.CoreCoord(mesh_device.dram_grid_size().x - 1, mesh_device.dram_grid_size().y - 1)
    in1_shard_grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), in1_shard_grid)})
    in1_shard_spec = ttnn.ShardSpec(in1_shard_grid, in1_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
    in1_memory_config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.DRAM, in1_shard_spec)
    in1_t = ttnn.from_torch(
        in1,
        tile=ttnn.Tile((32, tile_w), transpose_tile=transpose_tile),
        dtype=in1_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=mesh_device,
        memory_config=in1_memory_config,
    )

    if has_bias:
        bias = torch.randn(bias_shape).bfloat16().float()
        bias_padded = bias.unsqueeze(2)
        bias_padded = torch.nn.functional.pad(bias_padded, (0, 0, 0, tile_h - bias_padded.size(2)), "constant", 0)
        bias_shard_grid = ttnn.CoreCoord(mesh_device.dram_grid_size().x - 1, mesh_device.dram_grid_size().y - 1)
        bias_shard_grid = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), bias_shard_grid)})
        bias_shard_spec = ttnn.ShardSpec(bias_shard_grid, bias_shard_shape, ttnn.ShardOrientation.ROW_MAJOR)
        bias_mem_config = ttnn.MemoryConfig(
            ttnn.TensorMemoryLayout.WIDTH_SHARDED, ttnn.BufferType.DRAM, bias_shard_spec
        )
        bias_t = ttnn.from_torch(
            bias_padded,
            tile=ttnn.Tile((tile_h, tile_w)),
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=mesh_device,
            memory_config=bias_mem_config,
        )

    program_config = ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(
        in0_block_w=in0_block_w // 4,
        per_core_M=out_block_h,
        per_core_N=out_block_w,
        fused_activation=None,
    )

    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        mesh_device.arch(),
        math_fidelity=ttnn.MathFidelity.LoFi,
        math_approx_mode=True,
        fp32_dest_acc_en=True,
        packer_l1_acc=True,
    )

    if has_bias:
        output_t = ttnn.linear(
            in0_t,
            in1_t,
            bias=bias_t,
            program_config=program_config,
            memory_config=sharded_mem_config,
            dtype=ttnn.bfloat16,
            compute_kernel_config=compute_kernel_config,
            output_tile=ttnn.Tile([tile_h, 32]) if tile_h <= 16 else ttnn.Tile([tile_h, tile_w]),
        )
    else:
        output_t = ttnn.matmul(
            in0_t,
            in1_t,
            program_config=program_config,
            memory_config=sharded_mem_config,
            dtype=ttnn.bfloat16,
            compute_kernel_config=compute_kernel_config,
            output_tile=ttnn.Tile([tile_h, 32]) if tile_h <= 16 else ttnn.Tile([tile_h, tile_w]),
        )
    pt_out = in0 @ in1
    if has_bias:
        pt_out += bias
    if in1_dtype == ttnn.bfloat4_b:
        expected_pcc = 0.993
    else:
        expected_pcc = 0.999

    # required for multi-device stress tests
    for o in ttnn.get_device_tensors(output_t):
        output_tensor = ttnn.to_torch(o)
        if in1_dtype == ttnn.bfloat8_b:
            assert_numeric_metrics(
                pt_out,
                output_tensor,
                atol=0.004 * k,
                rtol=0.624 * k,
                frobenius_threshold=0.001 * k,
                pcc_threshold=expected_pcc,
                check_ulp=False,
            )
        elif in1_dtype == ttnn.bfloat16:
            assert_numeric_metrics(
                pt_out,
                output_tensor,
                atol=0.004 * k,
                rtol=0.227 * k,
                frobenius_threshold=0.001 * k,
                pcc_threshold=expected_pcc,
                check_ulp=False,
            )
        else:
            assert_numeric_metrics(pt_out, output_tensor, pcc_threshold=expected_pcc, check_ulp=False)


def run_matmul_2d_multiple_output_blocks_per_core(
    device,
    b,
    m,
    k,
    n,
    has_bias,
    grid_size,
    in0_sharded,
    out_sharded,
    num_out_block_h,
    num_out_block_w,
    transpose_mcast,
    bias_layout="broadcast",
):
    if in0_sharded or out_sharded:
        fuse_batch = True
    else:
        fuse_batch = False

    if b > 1 and has_bias:
        pytest.skip("Batched input not supported when bias exists")

    if b > 1 and (in0_sharded or out_sharded):
        pytest.skip("test does not support batch > 1 for sharded in/out")

    if out_sharded and num_out_block_w > 1:
        pytest.skip("out sharded not support multiple blocks on w dim")

    in0_shape = [b, 1, m, k]
    in1_shape = [b, 1, k, n]
    if bias_layout == "broadcast":
        bias_shape = [1, 1, 1, n]
    elif bias_layout == "full_mn":
        bias_shape = [1, 1, m, n]
    else:
        raise ValueError(f"Unknown bias_layout: {bias_layout}")

    if transpose_mcast:
        in0_block_w = k // grid_size[1] // 32
        per_core_M = m // grid_size[0] // 32
        per_core_N = n // grid_size[1] // 32
    else:
        in0_block_w = k // grid_size[0] // 32
        per_core_M = m // grid_size[1] // 32
        per_core_N = n // grid_size[0] // 32

    out_block_h = per_core_M // num_out_block_h
    out_block_w = per_core_N // num_out_block_w
    out_subblock_h, out_subblock_w, _ = find_max_subblock(out_block_h, out_block_w)

    in0 = torch.randn(in0_shape).bfloat16()
    in1 = torch.randn(in1_shape).bfloat16()

    with device.cache_entries_counter.measure():
        if in0_sharded:
            in0_memory_config = ttnn.create_sharded_memory_config(
                (b, 1, m, k),
                core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
                strategy=ttnn.ShardStrategy.BLOCK,
                orientation=ttnn.ShardOrientation.ROW_MAJOR if not transpose_mcast else ttnn.ShardOrientation.COL_MAJOR,
            )
        else:
            in0_memory_config = ttnn.L1_MEMORY_CONFIG
    in0_t = ttnn.from_torch(
        in0,
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in0_memory_config,
    )
    in1_t = ttnn.from_torch(
        in1,
        dtype=ttnn.bfloat8_b,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    if has_bias:
        bias = torch.randn(bias_shape).bfloat16().float()
        bias_t = ttnn.from_torch(
            bias,
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.DRAM_MEMORY_CONFIG,
        )

    with device.cache_entries_counter.measure():
        program_config = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
            compute_with_storage_grid_size=grid_size,
            in0_block_w=in0_block_w,
            out_subblock_h=out_subblock_h,
            out_subblock_w=out_subblock_w,
            out_block_h=out_block_h,
            out_block_w=out_block_w,
            per_core_M=per_core_M,
            per_core_N=per_core_N,
            transpose_mcast=transpose_mcast,
            fused_activation=None,
            fuse_batch=fuse_batch,
        )

        compute_kernel_config = ttnn.init_device_compute_kernel_config(
            device.arch(),
            math_fidelity=ttnn.MathFidelity.LoFi,
            math_approx_mode=True,
            fp32_dest_acc_en=False,
            packer_l1_acc=True,
        )
        if out_sharded:
            out_mem_config = ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
                buffer_type=ttnn.BufferType.L1,
            )
        else:
            out_mem_config = ttnn.L1_MEMORY_CONFIG
        if has_bias:
            output_t = ttnn.linear(
                in0_t,
                in1_t,
                bias=bias_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
            )
        else:
            output_t = ttnn.matmul(
                in0_t,
                in1_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
            )
        pt_out = in0 @ in1
        if has_bias:
            pt_out += bias

        # required for multi-device stress tests
        for o in ttnn.get_device_tensors(output_t):
            output_tensor = ttnn.to_torch(o)
            assert_numeric_metrics(
                pt_out,
                output_tensor,
                atol=0.006 * k,
                rtol=6.782 * k,
                frobenius_threshold=0.001 * k,
                pcc_threshold=0.999,
                check_ulp=False,
            )


@pytest.mark.parametrize("b", [1, 2])
@pytest.mark.parametrize("m", [512])
@pytest.mark.parametrize("k", [512])
@pytest.mark.parametrize("n", [1024])
@pytest.mark.parametrize("has_bias", [True, False])
@pytest.mark.parametrize("grid_size", [(8, 4)])
@pytest.mark.parametrize("in0_sharded", [True, False])
@pytest.mark.parametrize("out_sharded", [True, False])
@pytest.mark.parametrize("num_out_block_h", [1, 2])
@pytest.mark.parametrize("num_out_block_w", [1, 2])
@pytest.mark.parametrize("transpose_mcast", [True, False])
@pytest.mark.parametrize("mesh_device", [(1, NUM_DEVICES)], indirect=True)
def test_matmul_2d_multiple_output_blocks_per_core(
    mesh_device,
    b,
    m,
    k,
    n,
    has_bias,
    grid_size,
    in0_sharded,
    out_sharded,
    num_out_block_h,
    num_out_block_w,
    transpose_mcast,
):
    torch.manual_seed(0)
    compute_grid_size = mesh_device.compute_with_storage_grid_size()
    required_size = 8  # input tensor sizes are too small to be subdivided on larger grids
    grid_size = [min(required_size, compute_grid_size.x), min(required_size, compute_grid_size.y)]
    if grid_size[1] < required_size:
        pytest.skip("device does not have 8x8 grid")

    for _ in range(2):
        run_matmul_2d_multiple_output_blocks_per_core(
            mesh_device,
            b,
            m,
            k,
            n,
            has_bias,
            grid_size,
            in0_sharded,
            out_sharded,
            num_out_block_h,
            num_out_block_w,
            transpose_mcast,
        )
        # dummy tensor to change tensor alloc
        dummy_shape = [1, 1, 32, 32]
        py_dummy_tensor = torch.randn(dummy_shape)
        tt_dummy_tensor = ttnn.from_torch(
            py_dummy_tensor,
            dtype=ttnn.DataType.BFLOAT16,
            layout=ttnn.TILE_LAYOUT,
            device=mesh_device,
            memory_config=ttnn.L1_MEMORY_CONFIG,
        )
    assert mesh_device.cache_entries_counter.total == 1


def run_matmul_2d_tiny_tile(
    device,
    m,
    k,
    n,
    has_bias,
    grid_size,
    tile_h,
    tile_w,
    in0_sharded,
    out_sharded,
    in1_dtype,
    transpose_tile,
    bias_layout="broadcast",
):
    in0_shape = [1, 1, m, k]
    in1_shape = [1, 1, k, n]
    if bias_layout == "broadcast":
        bias_shape = [1, 1, 1, n]
    elif bias_layout == "full_mn":
        bias_shape = [1, 1, m, n]
    else:
        raise ValueError(f"Unknown bias_layout: {bias_layout}")

    in0_block_w = k // grid_size[0] // 32
    out_block_h = m // grid_size[1] // tile_h
    out_block_w = n // grid_size[0] // tile_w
    out_subblock_h, out_subblock_w, _ = find_max_subblock(out_block_h, out_block_w)

    in0 = torch.ones(in0_shape).bfloat16()
    in1 = torch.randn(in1_shape).bfloat16()

    if in0_sharded:
        in0_memory_config = ttnn.create_sharded_memory_config(
            (1, 1, m, k),
            core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
            strategy=ttnn.ShardStrategy.BLOCK,
            orientation=ttnn.ShardOrientation.ROW_MAJOR,
        )
    else:
        in0_memory_config = ttnn.L1_MEMORY_CONFIG
    in0_t = ttnn.from_torch(
        in0,
        tile=ttnn.Tile((tile_h, 32)),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in0_memory_config,
    )
    in1_t = ttnn.from_torch(
        in1,
        tile=ttnn.Tile((32, tile_w), transpose_tile=transpose_tile),
        dtype=in1_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    if has_bias:
        bias = torch.randn(bias_shape).bfloat16().float()
        bias_t = ttnn.from_torch(
            bias,
            tile=ttnn.Tile((tile_h, tile_w)),
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.DRAM_MEMORY_CONFIG,
        )

    program_config = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid_size,
        in0_block_w=in0_block_w,
        out_subblock_h=out_subblock_h,
        out_subblock_w=out_subblock_w,
        per_core_M=out_block_h,
        per_core_N=out_block_w,
        transpose_mcast=False,
        fused_activation=None,
    )

    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.LoFi,
        math_approx_mode=True,
        fp32_dest_acc_en=False,
        packer_l1_acc=True,
    )
    if out_sharded:
        out_mem_config = ttnn.MemoryConfig(
            memory_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
            buffer_type=ttnn.BufferType.L1,
        )
    else:
        out_mem_config = ttnn.L1_MEMORY_CONFIG
    if out_sharded:
        output_tile = ttnn.Tile([tile_h, 32]) if tile_h <= 16 else ttnn.Tile([tile_h, tile_w])
    else:
        output_tile = ttnn.Tile([tile_h, tile_w])

    with device.cache_entries_counter.measure():
        if has_bias:
            output_t = ttnn.linear(
                in0_t,
                in1_t,
                bias=bias_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
                output_tile=output_tile,
            )
        else:
            output_t = ttnn.matmul(
                in0_t,
                in1_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
                output_tile=output_tile,
            )
    output_tensor = ttnn.to_torch(output_t)
    pt_out = in0 @ in1
    if has_bias:
        pt_out += bias

    assert_numeric_metrics(
        pt_out,
        output_tensor,
        atol=0.005 * k,
        rtol=1.716 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.999,
        check_ulp=False,
    )


@pytest.mark.parametrize("m", [512])
@pytest.mark.parametrize("k", [512])
@pytest.mark.parametrize("n", [768])
@pytest.mark.parametrize("has_bias", [False, True])
@pytest.mark.parametrize("grid_size", [(8, 4)])
@pytest.mark.parametrize("tile_h", [16, 32])
@pytest.mark.parametrize("tile_w", [16, 32])
@pytest.mark.parametrize("in0_sharded", [True])
@pytest.mark.parametrize("out_sharded", [True])
@pytest.mark.parametrize("in1_dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
@pytest.mark.parametrize("transpose_tile", [True, False])
def test_matmul_2d_tiny_tile(
    device,
    m,
    k,
    n,
    has_bias,
    grid_size,
    tile_h,
    tile_w,
    in0_sharded,
    out_sharded,
    in1_dtype,
    transpose_tile,
):
    torch.manual_seed(0)
    if not is_tiny_tile_combo_supported(transpose_tile, tile_w, tile_h, has_bias) and is_llk_assert_enabled():
        pytest.skip("Unsupported tiny-tile combination (see _TINY_TILE_SUPPORTED_COMBOS).")

    for _ in range(2):
        run_matmul_2d_tiny_tile(
            device, m, k, n, has_bias, grid_size, tile_h, tile_w, in0_sharded, out_sharded, in1_dtype, transpose_tile
        )
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
    assert device.cache_entries_counter.total == 1


def run_matmul_1d_tiny_tile(
    device,
    m,
    k,
    n,
    has_bias,
    grid_size,
    tile_h,
    tile_w,
    in0_sharded,
    out_sharded,
    in1_dtype,
    transpose_tile,
    bias_layout="broadcast",
):
    in0_shape = [1, 1, m, k]
    in1_shape = [1, 1, k, n]
    if bias_layout == "broadcast":
        bias_shape = [1, 1, 1, n]
    elif bias_layout == "full_mn":
        bias_shape = [1, 1, m, n]
    else:
        raise ValueError(f"Unknown bias_layout: {bias_layout}")

    num_cores = grid_size[0] * grid_size[1]

    in0_block_w = k // num_cores // 32
    out_block_h = m // tile_h
    out_block_w = n // num_cores // tile_w
    out_subblock_h, out_subblock_w, _ = find_max_subblock(out_block_h, out_block_w)

    in0 = torch.randn(in0_shape).bfloat16().float()
    in1 = torch.randn(in1_shape).bfloat16().float()

    if in0_sharded:
        in0_memory_config = ttnn.create_sharded_memory_config(
            (1, 1, m, k),
            core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
            strategy=ttnn.ShardStrategy.WIDTH,
            orientation=ttnn.ShardOrientation.ROW_MAJOR,
        )
    else:
        in0_memory_config = ttnn.L1_MEMORY_CONFIG
    in0_t = ttnn.from_torch(
        in0,
        tile=ttnn.Tile((tile_h, 32)),
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in0_memory_config,
    )
    in1_t = ttnn.from_torch(
        in1,
        tile=ttnn.Tile((32, tile_w), transpose_tile=transpose_tile),
        dtype=in1_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    if has_bias:
        bias = torch.randn(bias_shape).bfloat16().float()
        bias_t = ttnn.from_torch(
            bias,
            tile=ttnn.Tile((tile_h, tile_w)),
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.DRAM_MEMORY_CONFIG,
        )

    program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=grid_size,
        in0_block_w=in0_block_w,
        out_subblock_h=out_subblock_h,
        out_subblock_w=out_subblock_w,
        per_core_M=out_block_h,
        per_core_N=out_block_w,
        fuse_batch=True,
        fused_activation=None,
        mcast_in0=True,
    )

    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.LoFi,
        math_approx_mode=True,
        fp32_dest_acc_en=False,
        packer_l1_acc=True,
    )
    if out_sharded:
        out_mem_config = ttnn.MemoryConfig(
            memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
            buffer_type=ttnn.BufferType.L1,
        )
    else:
        out_mem_config = ttnn.L1_MEMORY_CONFIG
    if out_sharded:
        output_tile = ttnn.Tile([tile_h, 32]) if tile_h <= 16 else ttnn.Tile([tile_h, tile_w])
    else:
        output_tile = ttnn.Tile([tile_h, tile_w])
    with device.cache_entries_counter.measure():
        if has_bias:
            output_t = ttnn.linear(
                in0_t,
                in1_t,
                bias=bias_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
                output_tile=output_tile,
            )
        else:
            output_t = ttnn.matmul(
                in0_t,
                in1_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
                output_tile=output_tile,
            )
    output_tensor = ttnn.to_torch(output_t)
    pt_out = in0 @ in1
    if has_bias:
        pt_out += bias

    assert_numeric_metrics(
        pt_out,
        output_tensor,
        atol=0.005 * k,
        rtol=1.786 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.999,
        check_ulp=False,
    )


def _skip_unless_fused_full_mn_tiny_tile_supported(transpose_tile, tile_w, tile_h):
    if not is_tiny_tile_combo_supported(transpose_tile, tile_w, tile_h, True) and is_llk_assert_enabled():
        pytest.skip("Unsupported tiny-tile combination (see _TINY_TILE_SUPPORTED_COMBOS).")


@pytest.mark.parametrize(
    "m,k,n,tile_h,tile_w,transpose_tile",
    [
        (32, 32, 32, 32, 32, False),
        (16, 32, 32, 16, 32, False),
    ],
)
@pytest.mark.parametrize("mesh_device", [(1, NUM_DEVICES)], indirect=True)
def test_linear_fused_non_broadcast_bias_2d_mcast_tiny_tile(mesh_device, m, k, n, tile_h, tile_w, transpose_tile):
    """Fused bias [1,1,M,N] on MatmulMultiCoreReuseMultiCastProgramConfig (2D mcast tiny tile)."""
    _skip_unless_fused_full_mn_tiny_tile_supported(transpose_tile, tile_w, tile_h)
    torch.manual_seed(0)
    grid_1 = (1, 1)
    run_matmul_2d_tiny_tile(
        mesh_device,
        m,
        k,
        n,
        True,
        grid_1,
        tile_h,
        tile_w,
        True,
        True,
        ttnn.bfloat16,
        transpose_tile,
        bias_layout="full_mn",
    )


@pytest.mark.parametrize(
    "m,k,n,tile_h,tile_w,transpose_tile",
    [
        (32, 32, 32, 32, 32, False),
        (16, 32, 32, 16, 32, False),
    ],
)
@pytest.mark.parametrize("mesh_device", [(1, NUM_DEVICES)], indirect=True)
def test_linear_fused_non_broadcast_bias_1d_mcast_tiny_tile(mesh_device, m, k, n, tile_h, tile_w, transpose_tile):
    """Fused bias [1,1,M,N] on MatmulMultiCoreReuseMultiCast1DProgramConfig (1D mcast tiny tile)."""
    _skip_unless_fused_full_mn_tiny_tile_supported(transpose_tile, tile_w, tile_h)
    torch.manual_seed(0)
    grid_1 = (1, 1)
    run_matmul_1d_tiny_tile(
        mesh_device,
        m,
        k,
        n,
        True,
        grid_1,
        tile_h,
        tile_w,
        True,
        True,
        ttnn.bfloat16,
        transpose_tile,
        bias_layout="full_mn",
    )


@pytest.mark.parametrize("m,k,n", [(32, 32, 32), (32, 64, 32)])
@pytest.mark.parametrize("transpose_mcast", [False, True])
@pytest.mark.parametrize("mesh_device", [(1, NUM_DEVICES)], indirect=True)
def test_linear_fused_non_broadcast_bias_2d_mesh_multiple_blocks(mesh_device, transpose_mcast, m, k, n):
    """Fused bias [1,1,M,N] on mesh 2D multi-block MatmulMultiCoreReuseMultiCastProgramConfig."""
    torch.manual_seed(0)
    grid_1 = (1, 1)
    run_matmul_2d_multiple_output_blocks_per_core(
        mesh_device,
        1,
        m,
        k,
        n,
        True,
        grid_1,
        False,
        False,
        1,
        1,
        transpose_mcast,
        bias_layout="full_mn",
    )


@pytest.mark.parametrize("m", [128])
@pytest.mark.parametrize("k", [1024])
@pytest.mark.parametrize("n", [1024])
@pytest.mark.parametrize("has_bias", [False, True])
@pytest.mark.parametrize("grid_size", [(8, 4)])
@pytest.mark.parametrize("tile_h", [16, 32])
@pytest.mark.parametrize("tile_w", [16, 32])
@pytest.mark.parametrize("in0_sharded", [True])
@pytest.mark.parametrize("out_sharded", [True])
@pytest.mark.parametrize("in1_dtype", [ttnn.bfloat16, ttnn.bfloat8_b])
@pytest.mark.parametrize("transpose_tile", [True, False])
def test_matmul_1d_tiny_tile(
    device,
    m,
    k,
    n,
    has_bias,
    grid_size,
    tile_h,
    tile_w,
    in0_sharded,
    out_sharded,
    in1_dtype,
    transpose_tile,
):
    torch.manual_seed(0)
    if not is_tiny_tile_combo_supported(transpose_tile, tile_w, tile_h, has_bias) and is_llk_assert_enabled():
        pytest.skip("Unsupported tiny-tile combination (see _TINY_TILE_SUPPORTED_COMBOS).")

    for _ in range(2):
        run_matmul_1d_tiny_tile(
            device, m, k, n, has_bias, grid_size, tile_h, tile_w, in0_sharded, out_sharded, in1_dtype, transpose_tile
        )
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
    assert device.cache_entries_counter.total == 1


def run_matmul_1d_multiple_output_blocks_per_core(
    device,
    m,
    k,
    n,
    has_bias,
    grid_size,
    in_sharded,
    out_sharded,
    num_out_block_h,
    num_out_block_w,
    mcast_in0,
    uneven_width,
):
    if in_sharded or out_sharded:
        fuse_batch = True
    else:
        fuse_batch = False

    if out_sharded and num_out_block_w > 1:
        pytest.skip("out sharded not support multiple blocks on w dim")

    if not mcast_in0:
        tmp = m
        m = n
        n = tmp

    in0_shape = [1, 1, m, k]
    in1_shape = [1, 1, k, n]
    bias_shape = [1, 1, n]

    num_cores = grid_size[0] * grid_size[1]

    if mcast_in0:
        in0_block_w = k // num_cores // 32
        per_core_M = m // 32
        per_core_N = n // num_cores // 32 + uneven_width
    else:
        in0_block_w = k // 32 // 2  # test exracting shards
        per_core_M = m // 32 // num_cores
        per_core_N = n // 32
    out_block_h = per_core_M // num_out_block_h
    out_block_w = per_core_N // num_out_block_w
    out_subblock_h, out_subblock_w, _ = find_max_subblock(out_block_h, out_block_w)

    logger.info(f"m: {m}")
    logger.info(f"k: {k}")
    logger.info(f"n: {n}")
    logger.info(f"in0_block_w: {in0_block_w}")
    logger.info(f"per_core_M: {per_core_M}")
    logger.info(f"per_core_N: {per_core_N}")
    logger.info(f"out_block_h: {out_block_h}")
    logger.info(f"out_block_w: {out_block_w}")
    logger.info(f"out_subblock_h: {out_subblock_h}")
    logger.info(f"out_subblock_w: {out_subblock_w}")

    in0 = torch.randn(in0_shape).bfloat16().float()
    in1 = torch.randn(in1_shape).bfloat16().float()

    if in_sharded:
        if mcast_in0:
            in0_memory_config = ttnn.create_sharded_memory_config(
                (1, 1, m, k),
                core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
                strategy=ttnn.ShardStrategy.WIDTH,
                orientation=ttnn.ShardOrientation.ROW_MAJOR,
            )
        else:
            in0_memory_config = ttnn.create_sharded_memory_config(
                (1, 1, m, k),
                core_grid=ttnn.CoreGrid(y=grid_size[1], x=grid_size[0]),
                strategy=ttnn.ShardStrategy.HEIGHT,
                orientation=ttnn.ShardOrientation.ROW_MAJOR,
            )
    else:
        in0_memory_config = ttnn.DRAM_MEMORY_CONFIG
    in1_memory_config = ttnn.DRAM_MEMORY_CONFIG
    in0_t = ttnn.from_torch(
        in0,
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in0_memory_config,
    )
    in1_t = ttnn.from_torch(
        in1,
        dtype=ttnn.bfloat8_b,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=in1_memory_config,
    )

    if has_bias:
        bias = torch.randn(bias_shape).bfloat16().float()
        bias_padded = bias.unsqueeze(2)
        bias_padded = torch.nn.functional.pad(bias_padded, (0, 0, 0, 32 - bias_padded.size(2)), "constant", 0)
        bias_t = ttnn.from_torch(
            bias_padded,
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=ttnn.DRAM_MEMORY_CONFIG,
        )

    program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=grid_size,
        in0_block_w=in0_block_w,
        out_subblock_h=out_subblock_h,
        out_subblock_w=out_subblock_w,
        out_block_h=out_block_h,
        out_block_w=out_block_w,
        per_core_M=per_core_M,
        per_core_N=per_core_N,
        fuse_batch=fuse_batch,
        fused_activation=None,
        mcast_in0=mcast_in0,
    )

    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.LoFi,
        math_approx_mode=True,
        fp32_dest_acc_en=False,
        packer_l1_acc=True,
    )
    if out_sharded:
        if mcast_in0:
            out_mem_config = ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
                buffer_type=ttnn.BufferType.L1,
            )
        else:
            out_mem_config = ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
                buffer_type=ttnn.BufferType.L1,
            )
    else:
        out_mem_config = ttnn.DRAM_MEMORY_CONFIG

    with device.cache_entries_counter.measure():
        if has_bias:
            output_t = ttnn.linear(
                in0_t,
                in1_t,
                bias=bias_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
            )
        else:
            output_t = ttnn.matmul(
                in0_t,
                in1_t,
                program_config=program_config,
                memory_config=out_mem_config,
                dtype=ttnn.bfloat16,
                compute_kernel_config=compute_kernel_config,
            )
    output_tensor = ttnn.to_torch(output_t)
    pt_out = in0 @ in1
    if has_bias:
        pt_out += bias

    assert_numeric_metrics(
        pt_out,
        output_tensor,
        atol=0.004 * k,
        rtol=8.603 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.999,
        check_ulp=False,
    )


@pytest.mark.parametrize("m", [256])
@pytest.mark.parametrize("k", [1024])
@pytest.mark.parametrize("n", [2048])
@pytest.mark.parametrize("has_bias", [False])
@pytest.mark.parametrize("grid_size", [(8, 2)])
@pytest.mark.parametrize("in_sharded", [True, False])
@pytest.mark.parametrize("out_sharded", [True, False])
@pytest.mark.parametrize("num_out_block_h", [1, 2])
@pytest.mark.parametrize("num_out_block_w", [1, 2])
@pytest.mark.parametrize("mcast_in0", [True, False])
@pytest.mark.parametrize("uneven_width", [0, 2])
def test_matmul_1d_multiple_output_blocks_per_core(
    device,
    m,
    k,
    n,
    has_bias,
    grid_size,
    in_sharded,
    out_sharded,
    num_out_block_h,
    num_out_block_w,
    mcast_in0,
    uneven_width,
):
    torch.manual_seed(0)
    for _ in range(2):
        run_matmul_1d_multiple_output_blocks_per_core(
            device,
            m,
            k,
            n,
            has_bias,
            grid_size,
            in_sharded,
            out_sharded,
            num_out_block_h,
            num_out_block_w,
            mcast_in0,
            uneven_width,
        )
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
    assert device.cache_entries_counter.total == 1


@pytest.mark.parametrize("side", ["height", "width"])
@pytest.mark.parametrize("tile_count", [1376, 1375])
def test_padded_2d_matmul(device, side, tile_count):
    """
    This test checks that when the program config specifies per_core_M and per_core_N
    which would multiply out to be larger than the true shape of the output, matmul
    does not clobber memory outside the shape of the output.
    """
    compute_grid_size = device.compute_with_storage_grid_size()
    grid_size = [compute_grid_size.x, compute_grid_size.y]
    if grid_size[1] < 8:
        pytest.skip("device does not have 8x8 grid")

    if side == "height":
        M = tile_count * 32
        K = 256
        N = 32
        out_block_h = 11
        out_block_w = 1
        per_core_M = 176
        per_core_N = 1
    else:
        M = 32
        K = 256
        N = tile_count * 32
        out_block_h = 1
        out_block_w = 11
        per_core_M = 1
        per_core_N = 176
    torch.manual_seed(0)
    program_config = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(8, 8),
        in0_block_w=1,
        out_block_h=out_block_h,
        out_block_w=out_block_w,
        out_subblock_h=1,
        out_subblock_w=1,
        per_core_M=per_core_M,
        per_core_N=per_core_N,
        transpose_mcast=False,
        fused_activation=None,
        fuse_batch=False,
    )

    torch_act = torch.randn([1, 1, M, K], dtype=torch.bfloat16)
    torch_weight = torch.randn([1, 1, K, N], dtype=torch.bfloat16)
    # Allocate tensors above and below where the output will be
    X = 2**8
    dummy_lower = torch.full([1, 1, X, X], 2)
    dummy_out = torch.zeros([1, 1, M, N])
    dummy_upper = torch.full([1, 1, X, X], 4)

    act = ttnn.from_torch(torch_act, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)
    weight = ttnn.from_torch(torch_weight, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)
    lower_tt = ttnn.from_torch(dummy_lower, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)
    out_tt = ttnn.from_torch(dummy_out, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)
    upper_tt = ttnn.from_torch(dummy_upper, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)

    # This test measures matmul performance by collecting hardware counter statistics
    # (see: test_perf_op_report.py::TestPerfCountersSingleOp::test_performance_counter_columns[Matmul_perf_counters]).
    # To ensure accurate results, we must avoid executing additional operations on the device.
    # If a device is not passed to ttnn.from_torch(), any layout or typecast transformations
    # will be performed on the host, as before.
    act = ttnn.to_device(act, device)
    weight = ttnn.to_device(weight, device)
    lower_tt = ttnn.to_device(lower_tt, device)
    out_tt = ttnn.to_device(out_tt, device)
    upper_tt = ttnn.to_device(upper_tt, device)

    # Free up dummy output tensor so matmul will allocate output there
    ttnn.deallocate(out_tt)
    output_tensor = ttnn.matmul(
        act,
        weight,
        program_config=program_config,
        compute_kernel_config=ttnn.init_device_compute_kernel_config(
            device.arch(),
            math_fidelity=ttnn.MathFidelity.HiFi2,
            math_approx_mode=False,
            fp32_dest_acc_en=True,
            packer_l1_acc=False,
        ),
    )
    lower = ttnn.to_torch(lower_tt).float()
    upper = ttnn.to_torch(upper_tt).float()
    # Check that the tensors above and below the output are unchanged
    torch_output_tensor = torch.matmul(torch_act, torch_weight)
    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.003 * K,
        rtol=3.641 * K,
        frobenius_threshold=0.001 * K,
        pcc_threshold=0.999,
        check_ulp=False,
    )
    assert torch.all(lower == 2)
    assert torch.all(upper == 4)


@pytest.mark.parametrize("side", ["height", "width"])
@pytest.mark.parametrize(
    "has_program_config",
    [True, False],
)
@pytest.mark.parametrize("mesh_device", [(1, NUM_DEVICES)], indirect=True)
def test_padded_1d_matmul(mesh_device, side, has_program_config):
    if side == "height":
        M = 10069
        K = 96
        N = 1152
        out_block_h = 21
        out_block_w = 9
        out_subblock_h = 3
        out_subblock_w = 1
        per_core_M = 21
        per_core_N = 36
        mcast_in0 = False
    else:
        M = 1152
        K = 96
        N = 10369
        out_block_h = 9
        out_block_w = 21
        out_subblock_h = 1
        out_subblock_w = 3
        per_core_M = 36
        per_core_N = 21
        mcast_in0 = True
    if has_program_config:
        program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
            compute_with_storage_grid_size=(4, 4),
            in0_block_w=1,
            out_block_h=out_block_h,
            out_block_w=out_block_w,
            out_subblock_h=out_subblock_h,
            out_subblock_w=out_subblock_w,
            per_core_M=per_core_M,
            per_core_N=per_core_N,
            mcast_in0=mcast_in0,
            fused_activation=None,
            fuse_batch=True,
        )
    else:
        program_config = None

    torch.manual_seed(0)
    pcc = 0.999
    torch_act = torch.randn([1, 1, M, K], dtype=torch.float16)
    torch_weight = torch.randn([1, 1, K, N], dtype=torch.float16)
    # Allocate tensors above and below where the output will be
    X = 2**8
    dummy_lower = torch.full([1, 1, X, X], 2)
    dummy_out = torch.zeros([1, 1, M, N])
    dummy_upper = torch.full([1, 1, X, X], 4)

    act = ttnn.from_torch(torch_act, layout=ttnn.TILE_LAYOUT, device=mesh_device, dtype=ttnn.bfloat16)
    weight = ttnn.from_torch(torch_weight, layout=ttnn.TILE_LAYOUT, device=mesh_device, dtype=ttnn.bfloat16)
    lower_tt = ttnn.from_torch(dummy_lower, layout=ttnn.TILE_LAYOUT, device=mesh_device, dtype=ttnn.bfloat16)
    out_tt = ttnn.from_torch(dummy_out, layout=ttnn.TILE_LAYOUT, device=mesh_device, dtype=ttnn.bfloat16)
    upper_tt = ttnn.from_torch(dummy_upper, layout=ttnn.TILE_LAYOUT, device=mesh_device, dtype=ttnn.bfloat16)
    # Free up dummy output tensor so linear will allocate output there
    ttnn.deallocate(out_tt)
    output_tensor = ttnn.matmul(
        act,
        weight,
        core_grid=None if has_program_config else ttnn.CoreGrid(x=4, y=4),
        program_config=program_config,
        compute_kernel_config=ttnn.init_device_compute_kernel_config(
            mesh_device.arch(),
            math_fidelity=ttnn.MathFidelity.HiFi2,
            math_approx_mode=False,
            fp32_dest_acc_en=True,
            packer_l1_acc=False,
        ),
    )

    # required for multi-device stress tests
    torch_output_tensor = torch.matmul(torch_act, torch_weight)
    for l, u, o in zip(
        ttnn.get_device_tensors(lower_tt), ttnn.get_device_tensors(upper_tt), ttnn.get_device_tensors(output_tensor)
    ):
        lower = ttnn.to_torch(l).float()
        upper = ttnn.to_torch(u).float()
        # Check that the tensors above and below the output are unchanged
        output_tensor_i = ttnn.to_torch(o)
        assert_numeric_metrics(
            torch_output_tensor,
            output_tensor_i,
            atol=0.004 * K,
            rtol=0.001 * K,
            frobenius_threshold=0.001 * K,
            pcc_threshold=0.999,
            check_ulp=False,
        )
        assert torch.all(lower == 2)
        assert torch.all(upper == 4)


# fmt: off
@pytest.mark.parametrize("m_size,k_size,n_size", [
    (1, 2, 2),
    (1, 2, 4),
    (1, 4, 2),
    (1, 4, 4),
    (3, 2, 2),
    (3, 2, 4),
    (3, 4, 2),
    (3, 4, 4),
])
# fmt: on
def test_matmul_with_matched_width_height(device, m_size, k_size, n_size):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.rand((m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    output = input_tensor_a @ input_tensor_b
    output = ttnn.to_torch(output)

    assert len(output.shape) == len(torch_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.004 * k_size,
        rtol=0.004 * k_size,
        frobenius_threshold=0.003 * k_size,
        pcc_threshold=0.99981,
        check_ulp=True,
    )


# fmt: off
@pytest.mark.parametrize("k_size, n_size", [
    (2, 4),
    (4, 2),
    (2, 4),
    (4, 2),
    (2, 4),
    (4, 2),
    (4, 4),
    ])
# fmt: on
def test_matmul_with_matched_width_height_from_1D(device, k_size, n_size):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.rand((1, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    output = input_tensor_a @ input_tensor_b
    output = ttnn.to_torch(output)

    assert len(output.shape) == len(torch_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.002 * k_size,
        rtol=0.003 * k_size,
        frobenius_threshold=0.002 * k_size,
        pcc_threshold=0.9999,
        check_ulp=True,
    )


@pytest.mark.parametrize("w", [(4), (2)])
def test_matmul_does_dot_product(device, w):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.zeros((w,), dtype=torch.bfloat16).uniform_(-0.1, 0.1)
    torch_input_tensor_b = torch.zeros((w,), dtype=torch.bfloat16).uniform_(-0.1, 0.1)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    output = ttnn.matmul(input_tensor_a, input_tensor_b)
    output = ttnn.from_device(output)

    output = ttnn.to_torch(output)

    assert len(torch_output_tensor.shape) == 0
    assert len(output.shape) == 0
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.004 * w,
        rtol=0.007 * w,
        frobenius_threshold=0.004 * w,
        pcc_threshold=0.99,
        check_ulp=True,
    )
    assert torch.allclose(torch_output_tensor, output, atol=1e-2)


# fmt: off
@pytest.mark.parametrize("n_size,c,h,w", [
    (1, 1, 2, 4),
    (1, 1, 4, 2),
    (3, 3, 2, 4),
    (3, 3, 4, 2),
    (1, 3, 2, 4),
    (3, 1, 4, 2),
    ])
# fmt: on
def test_matmul_with_matched_width_height_4D(device, n_size, c, h, w):
    torch.manual_seed(0)
    torch_input_tensor_a = torch.rand((n_size, c, h, w), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((n_size, c, w, h), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    output = ttnn.matmul(input_tensor_a, input_tensor_b)
    output = ttnn.to_torch(output)

    assert len(output.shape) == len(torch_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.007 * w,
        rtol=0.004 * w,
        frobenius_threshold=0.004 * w,
        pcc_threshold=0.999599,
        check_ulp=True,
    )


# fmt: off
@pytest.mark.parametrize("n_size,c,h,w", [
    (1, 1, 2, 2),
    (1, 1, 4, 4),
    (3, 3, 4, 4),
    (3, 1, 4, 4),
    (1, 3, 4, 4)
    ])
# fmt: on
def test_matmul_same_shape_and_valid(device, n_size, c, h, w):
    torch.manual_seed(0)
    torch_input_tensor_a = torch.rand((n_size, c, h, w), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((n_size, c, h, w), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    output = ttnn.matmul(input_tensor_a, input_tensor_b)
    output = ttnn.to_torch(output)

    assert len(output.shape) == len(torch_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.004 * w,
        rtol=0.003 * w,
        frobenius_threshold=0.001 * w,
        pcc_threshold=0.9997,
        check_ulp=True,
    )


# fmt: off
@pytest.mark.parametrize("input_a,input_b", [
        ([1.0,2.0,3.0],[3.0,4.0,5.0])
    ])
# fmt: on
def test_matmul_same_shape_but_invalid(device, input_a, input_b):
    torch.manual_seed(0)
    # pad the lists with zeros to make it 32 so that it fits nicely on the device.
    input_a += [0.0] * (32 - len(input_a))
    input_b += [0.0] * (32 - len(input_b))

    torch_input_tensor_a = torch.as_tensor(input_a, dtype=torch.bfloat16).reshape((1, 1, 1, len(input_a)))
    torch_input_tensor_b = torch.as_tensor(input_b, dtype=torch.bfloat16).reshape((1, 1, 1, len(input_b)))

    with pytest.raises(RuntimeError) as exception:
        torch.matmul(torch_input_tensor_a, torch_input_tensor_b)
    assert "Expected size for first two dimensions of batch2 tensor to be: [1, 32] but got: [1, 1]." in str(
        exception.value
    )

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    with pytest.raises(RuntimeError) as exception:
        ttnn.matmul(input_tensor_a, input_tensor_b)
    assert "The width of the first tensor must be equal to the height of the second tensor" in str(exception.value)


def test_tutorial_matmul(device):
    torch.manual_seed(0)

    m_size = 1024
    k_size = 1024
    n_size = 512

    torch_input_tensor_a = torch.randn((m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output = input_tensor_a @ input_tensor_b
    output = ttnn.to_torch(output)

    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.002 * k_size,
        rtol=0.915 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.999,
    )


def test_tutorial_matmul_inputs_and_output_in_l1_memory(device):
    torch.manual_seed(0)

    m_size = 1024
    k_size = 1024
    n_size = 512

    torch_input_tensor_a = torch.randn((m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(
        torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
    )
    input_tensor_b = ttnn.from_torch(
        torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
    )

    output = ttnn.matmul(input_tensor_a, input_tensor_b, memory_config=ttnn.L1_MEMORY_CONFIG)
    output = ttnn.to_torch(output)

    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.002 * k_size,
        rtol=0.915 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.999,
    )


def test_tutorial_matmul_with_inputs_and_output_in_l1_memory_and_user_specified_core_grid(device):
    torch.manual_seed(0)

    m_size = 1024
    k_size = 1024
    n_size = 512

    torch_input_tensor_a = torch.randn((m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(
        torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
    )
    input_tensor_b = ttnn.from_torch(
        torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
    )

    output = ttnn.matmul(
        input_tensor_a, input_tensor_b, memory_config=ttnn.L1_MEMORY_CONFIG, core_grid=ttnn.CoreGrid(y=4, x=4)
    )

    output = ttnn.to_torch(output)

    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.002 * k_size,
        rtol=0.915 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.999,
    )


@pytest.mark.parametrize(
    "batch_size_0, batch_size_1, m_size, k_size, n_size, bcast_batch, input_a_sharded_memory_config_args, input_b_sharded_memory_config_args",
    [
        (
            2,
            3,
            1600,
            224,
            896,
            True,
            dict(core_grid=ttnn.CoreGrid(y=5, x=7), strategy=ttnn.ShardStrategy.BLOCK),
            None,
        ),  # mcast 2d
        (
            2,
            3,
            1600,
            224,
            896,
            True,
            dict(
                core_grid=ttnn.CoreGrid(y=7, x=5),
                strategy=ttnn.ShardStrategy.BLOCK,
                orientation=ttnn.ShardOrientation.COL_MAJOR,
            ),
            None,
        ),  # mcast 2d transposed
        (
            2,
            1,
            128,
            256,
            512,
            True,
            dict(core_grid=ttnn.CoreGrid(y=2, x=2), strategy=ttnn.ShardStrategy.BLOCK),
            None,
        ),  # mcast 2d with shard width > 1 TILE
        (
            2,
            3,
            64,
            32 * 7,
            1024,
            True,
            dict(
                core_grid=ttnn.CoreGrid(y=1, x=7),
                strategy=ttnn.ShardStrategy.WIDTH,
            ),
            None,
        ),  # mcast in0
        (
            2,
            3,
            160 * 7,
            64,
            64,
            True,
            dict(
                core_grid=ttnn.CoreGrid(y=7, x=1),
                strategy=ttnn.ShardStrategy.HEIGHT,
            ),
            None,
        ),  # mcast in1
        (
            7,
            7,
            384,
            64,
            384,
            False,
            dict(
                core_grid=ttnn.CoreGrid(y=7, x=7),
                strategy=ttnn.ShardStrategy.HEIGHT,
                use_height_and_width_as_shard_shape=True,
            ),
            dict(
                core_grid=ttnn.CoreGrid(y=7, x=7),
                strategy=ttnn.ShardStrategy.HEIGHT,
                use_height_and_width_as_shard_shape=True,
            ),
        ),  # bmm
    ],
    ids=["mcast_2d", "mcast_2d_transposed", "mcast_2d_shard_width_gt_1", "mcast_in0", "mcast_in1", "bmm"],
)
def test_sharded_matmul(
    device,
    batch_size_0,
    batch_size_1,
    m_size,
    k_size,
    n_size,
    bcast_batch,
    input_a_sharded_memory_config_args,
    input_b_sharded_memory_config_args,
):
    torch.manual_seed(0)

    input_a_shape = [batch_size_0, batch_size_1, m_size, k_size]
    if bcast_batch:
        input_b_shape = [k_size, n_size]
    else:
        input_b_shape = [batch_size_0, batch_size_1, k_size, n_size]

    torch_input_tensor_a = torch.randn(input_a_shape)
    torch_input_tensor_b = torch.randn(input_b_shape)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a.to(torch.bfloat16))
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b.to(torch.bfloat16))

    input_tensor_a = ttnn.to_device(input_tensor_a, device, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    input_tensor_b = ttnn.to_device(input_tensor_b, device, memory_config=ttnn.DRAM_MEMORY_CONFIG)

    input_tensor_a = ttnn.to_layout(input_tensor_a, ttnn.TILE_LAYOUT)
    input_tensor_b = ttnn.to_layout(input_tensor_b, ttnn.TILE_LAYOUT)

    input_a_sharded_memory_config = ttnn.create_sharded_memory_config(
        input_a_shape, **input_a_sharded_memory_config_args
    )
    input_tensor_a = ttnn.to_memory_config(input_tensor_a, input_a_sharded_memory_config)

    if input_b_sharded_memory_config_args:
        input_b_sharded_memory_config = ttnn.create_sharded_memory_config(
            input_b_shape, **input_b_sharded_memory_config_args
        )
        input_tensor_b = ttnn.to_memory_config(input_tensor_b, input_b_sharded_memory_config)

    output = ttnn.matmul(input_tensor_a, input_tensor_b, memory_config=ttnn.DRAM_MEMORY_CONFIG)
    output = ttnn.from_device(output)
    output = ttnn.to_torch(output)

    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.008 * k_size,
        rtol=9.579 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.999,
    )


@pytest.mark.parametrize("batch_size", [1, 7])
def test_matmul_with_core_grid(device, batch_size):
    torch.manual_seed(0)

    m_size = 384
    k_size = 1024
    n_size = 1024

    torch_input_tensor_a = torch.randn((batch_size, m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output_tensor = ttnn.matmul(
        input_tensor_a,
        input_tensor_b,
        core_grid=ttnn.CoreGrid(y=batch_size, x=8),
    )

    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.005 * k_size,
        rtol=6.157 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.999,
    )


@pytest.mark.parametrize("batch_size", [1, 8])
@pytest.mark.parametrize("m_size", [30, 61])
@pytest.mark.parametrize("k_size", [1023, 2048])
@pytest.mark.parametrize("n_size", [1021, 2048])
def test_wide_matmul_with_argument_for_core_grid_set_to_device_grid(device, batch_size, m_size, k_size, n_size):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.randn((batch_size, m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output_tensor = ttnn.matmul(
        input_tensor_a,
        input_tensor_b,
        core_grid=device.core_grid,
    )

    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.005 * k_size,
        rtol=5.256 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.997,
    )


@pytest.mark.parametrize("batch_size", [1, 8])
@pytest.mark.parametrize("m_size", [1024, 2048])
@pytest.mark.parametrize("k_size", [1023, 2048])
@pytest.mark.parametrize("n_size", [32, 61])
def test_tall_matmul_with_argument_for_core_grid_set_to_device_grid(device, batch_size, m_size, k_size, n_size):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.randn((batch_size, m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output_tensor = ttnn.matmul(
        input_tensor_a,
        input_tensor_b,
        core_grid=device.core_grid,
    )

    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.005 * k_size,
        rtol=6.788 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.997,
    )


@pytest.mark.parametrize("batch_size", [1, 8])
@pytest.mark.parametrize("m_size", [31, 63])
@pytest.mark.parametrize("k_size", [1024, 2048])
@pytest.mark.parametrize("n_size", [1023, 2047])
def test_matmul_by_passing_in_1D_systolic_array_program_config(device, batch_size, m_size, k_size, n_size):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.randn((batch_size, m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output_tensor = ttnn.matmul(
        input_tensor_a,
        input_tensor_b,
        core_grid=device.core_grid,
    )

    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.005 * k_size,
        rtol=6.157 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.997,
    )


@pytest.mark.parametrize(
    "n_size, c, m, k, n",
    [
        (2, 2, 2, 3, 4),
        (1, 1, 1024, 64, 512),
        (1, 1, 512, 8, 256),
        (1, 1, 583, 7, 227),
    ],
)
@pytest.mark.parametrize("transpose_b", [True, False])
@pytest.mark.parametrize("transpose_a", [True, False])
def test_matmul_with_transpose_a_or_b(device, n_size, c, m, k, n, transpose_a, transpose_b):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.rand((n_size, c, m, k), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((n_size, c, k, n), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    if transpose_a:
        torch_input_tensor_a = torch_input_tensor_a.transpose(-1, -2)
    if transpose_b:
        torch_input_tensor_b = torch_input_tensor_b.transpose(-1, -2)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    output = ttnn.matmul(input_tensor_a, input_tensor_b, transpose_a=transpose_a, transpose_b=transpose_b)
    output = ttnn.to_torch(output)

    assert len(output.shape) == len(torch_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.005 * k,
        rtol=0.003 * k,
        frobenius_threshold=0.002 * k,
        ulp_threshold=3,
        pcc_threshold=0.99,
        check_ulp=True,
    )


@pytest.mark.parametrize(
    "m, k, n",
    [
        (8193, 512, 2048),
        (11008, 256, 2048),
    ],
)
def test_matmul_transpose_a_with_core_grid(device, m, k, n):
    torch.manual_seed(0)

    # transpose a to test corner case for CB size estimate
    transpose_a = True
    shape_a = (k, m)
    shape_b = (k, n)

    input_tensor_a = ttnn.rand(
        shape_a, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, low=0.0, high=1.0, seed=42
    )
    input_tensor_b = ttnn.rand(
        shape_b, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, low=0.0, high=1.0, seed=43
    )

    # Get core grid from device
    compute_grid = device.compute_with_storage_grid_size()
    core_grid = ttnn.CoreGrid(y=compute_grid.y, x=compute_grid.x)

    # ttnn matmul with transpose_a=True, core_grid, and compute_kernel_config
    output_tensor_c = ttnn.matmul(
        input_tensor_a,
        input_tensor_b,
        transpose_a=transpose_a,
        core_grid=core_grid,
    )
    output_tensor = ttnn.to_torch(output_tensor_c)

    # torch equivalent: transpose A then matmul
    torch_a = ttnn.to_torch(input_tensor_a)
    torch_b = ttnn.to_torch(input_tensor_b)
    torch_output_tensor = torch.matmul(torch_a.transpose(-1, -2), torch_b)

    assert len(output_tensor.shape) == len(torch_output_tensor.shape)
    assert output_tensor.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.012 * k,
        rtol=0.001 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.99,
        check_ulp=True,
    )


@pytest.mark.parametrize("transpose_a", [True, False])
@pytest.mark.parametrize("transpose_b", [True, False])
@pytest.mark.parametrize(
    "b, s, m, k, n, program_config",
    [
        (1, 1, 1024, 64, 512, None),
        (2, 1, 1024, 64, 512, None),
        (
            2,
            1,
            1024,
            64,
            512,
            ttnn.MatmulMultiCoreReuseProgramConfig(
                compute_with_storage_grid_size=(1, 2),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1024 // 32,
                per_core_N=512 // 32,
            ),
        ),
        (
            1,
            1,
            1024,
            64,
            512,
            ttnn.MatmulMultiCoreReuseProgramConfig(
                compute_with_storage_grid_size=(2, 1),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1024 // 32 // 2,
                per_core_N=512 // 32,
            ),
        ),
        (
            1,
            2,
            4096,
            32,
            256,
            ttnn.MatmulMultiCoreReuseProgramConfig(
                compute_with_storage_grid_size=(4, 8),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=8,
                per_core_M=8,
                per_core_N=8,
            ),
        ),
        (
            1,
            1,
            1024,
            64,
            512,
            ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
                compute_with_storage_grid_size=(1, 8),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1024 // 32,
                per_core_N=512 // 32 // 8,
                fuse_batch=True,
                fused_activation=None,
                mcast_in0=True,
            ),
        ),
        (
            1,
            1,
            1024,
            64,
            512,
            ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
                compute_with_storage_grid_size=(1, 8),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1024 // 32 // 8,
                per_core_N=512 // 32,
                fuse_batch=True,
                fused_activation=None,
                mcast_in0=False,
            ),
        ),
        (
            1,
            1,
            1024,
            64,
            512,
            ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
                compute_with_storage_grid_size=(8, 8),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                out_block_h=1,
                out_block_w=1,
                per_core_M=1024 // 32 // 8,
                per_core_N=512 // 32 // 8,
                transpose_mcast=False,
                fused_activation=None,
                fuse_batch=True,
            ),
        ),
    ],
)
def test_matmul_with_transpose_and_configs(device, b, s, m, k, n, transpose_a, transpose_b, program_config):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.rand((b, s, m, k), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((b, s, k, n), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    if transpose_a:
        torch_input_tensor_a = torch_input_tensor_a.transpose(-1, -2)
    if transpose_b:
        torch_input_tensor_b = torch_input_tensor_b.transpose(-1, -2)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output = ttnn.matmul(
        input_tensor_a, input_tensor_b, transpose_a=transpose_a, transpose_b=transpose_b, program_config=program_config
    )
    output = ttnn.to_torch(output)

    assert len(output.shape) == len(torch_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape
    assert_numeric_metrics(
        torch_output_tensor,
        output,
        atol=0.012 * k,
        rtol=0.002 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.999,
        check_ulp=True,
    )


##########################
# MODEL SPECIFIC MATMULS #
##########################
@pytest.mark.parametrize("batch_size", [1])
@pytest.mark.parametrize("m_size", [128])
@pytest.mark.parametrize("k_size", [4544])
@pytest.mark.parametrize("n_size", [4672])
@pytest.mark.parametrize("core_grid", [None, ttnn.CoreGrid(y=7, x=8)])
def test_falcon_query_key_value_matmul(device, batch_size, m_size, k_size, n_size, core_grid):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.randn((batch_size, m_size, k_size), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn((k_size, n_size), dtype=torch.bfloat16)
    torch_output_tensor = torch_input_tensor_a @ torch_input_tensor_b

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    output_tensor = ttnn.matmul(
        input_tensor_a,
        input_tensor_b,
        core_grid=core_grid,
    )

    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.003 * k_size,
        rtol=0.705 * k_size,
        frobenius_threshold=0.001 * k_size,
        pcc_threshold=0.996,
    )


@pytest.mark.parametrize(
    "in0_dtype, in1_dtype, num_activation_cores, num_compute_cores, has_bias, config, M, K, N",
    [
        (ttnn.bfloat16, ttnn.bfloat4_b, 24, 24, False, "tg_llama_FF1", None, None, None),
        (ttnn.bfloat16, ttnn.bfloat4_b, 24, 24, True, "tg_llama_FF1", None, None, None),
        (ttnn.bfloat16, ttnn.bfloat4_b, 2, 2, True, None, 32, 1024, 2048),
    ],
)
def test_matmul_in0_in1_bias_sharded(
    device, in0_dtype, in1_dtype, num_activation_cores, num_compute_cores, has_bias, config, M, K, N
):
    torch.manual_seed(0)

    def padded_size_per_device_for_num_cores(size, num_devices, num_cores):
        padded_size = math.ceil(size / num_devices / num_cores / TILE_SIZE) * num_cores * TILE_SIZE
        return padded_size

    def core_grid_size_for_num_cores(num_cores):
        assert num_cores < 8 or num_cores % 8 == 0
        x = min(num_cores, 8)
        y = max(1, num_cores // 8)
        core_grid = (x, y)
        return core_grid

    def core_range_for_num_cores(num_cores):
        core_grid = core_grid_size_for_num_cores(num_cores)
        core_range = ttnn.CoreRangeSet(
            {
                ttnn.CoreRange(
                    ttnn.CoreCoord(0, 0),
                    ttnn.CoreCoord(core_grid[0] - 1, core_grid[1] - 1),
                ),
            }
        )
        return core_range

    TILE_SIZE = 32

    if config == "tg_llama_FF1":
        assert M is None and K is None and N is None, "Cannot specify config and any of M, K, N"
        cluster_size = (4, 8)
        hidden_size = 8192
        ff_size = 28 * 1024
        M = 32
        K = padded_size_per_device_for_num_cores(hidden_size, cluster_size[0], num_activation_cores)
        N = ff_size // cluster_size[1]
        N_padded = padded_size_per_device_for_num_cores(ff_size, cluster_size[1], num_compute_cores)
    else:
        assert M is not None and K is not None and N is not None, "Must specify M, K, N"
        N_padded = N

    # Weights
    mem_config_weights = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardSpec(
            core_range_for_num_cores(num_compute_cores),
            [
                K,
                N_padded // num_compute_cores,
            ],
            ttnn.ShardOrientation.ROW_MAJOR,
        ),
    )

    if has_bias:
        mem_config_bias = ttnn.MemoryConfig(
            ttnn.TensorMemoryLayout.WIDTH_SHARDED,
            ttnn.BufferType.L1,
            ttnn.ShardSpec(
                core_range_for_num_cores(num_compute_cores),
                [
                    32,
                    N_padded // num_compute_cores,
                ],
                ttnn.ShardOrientation.ROW_MAJOR,
            ),
        )

    # Input
    mem_config_input = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.WIDTH_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardSpec(
            core_range_for_num_cores(num_activation_cores),
            [
                M,
                K // num_activation_cores,
            ],
            ttnn.ShardOrientation.ROW_MAJOR,
        ),
    )

    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.LoFi,
        math_approx_mode=True,
        fp32_dest_acc_en=True,
        packer_l1_acc=True,
    )

    input_shape = [1, 1, M, K]
    input_tensor = torch.randn(input_shape, dtype=torch.bfloat16)
    tt_input_tensor = ttnn.as_tensor(
        input_tensor,
        dtype=in0_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=mem_config_input,
    )

    weights_tensor = torch.randn([1, 1, K, N], dtype=torch.bfloat16)
    weight_tt = ttnn.as_tensor(
        weights_tensor,
        dtype=in1_dtype,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=mem_config_weights,
    )

    if has_bias:
        bias_tensor = torch.randn([1, 1, 1, N], dtype=torch.bfloat16) * 2.0
        bias_tt = ttnn.as_tensor(
            bias_tensor,
            dtype=ttnn.bfloat16,
            layout=ttnn.TILE_LAYOUT,
            device=device,
            memory_config=mem_config_bias,
        )

    mm_core_grid = core_grid_size_for_num_cores(num_compute_cores)
    program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=mm_core_grid,
        in0_block_w=K // num_compute_cores // 32,  # K // num_cores // 32; how much inner dim you take each time
        out_subblock_h=1,  # Must be divisible by per_core_M
        out_subblock_w=1,  # Must be divisible by per_core_N, out_subblock_w * out_subblock_h <= 4; per_core_N = 5 so can only use 1 here
        per_core_M=M // 32,  # M / TILE_HEIGHT / Grid_Size
        per_core_N=N_padded // 32 // (mm_core_grid[0] * mm_core_grid[1]),
        mcast_in0=True,
        fused_activation=None,
        fuse_batch=True,
    )

    if has_bias:
        tt_matmul_out_tensor = ttnn.linear(
            tt_input_tensor,
            weight_tt,
            bias=bias_tt,
            memory_config=ttnn.L1_WIDTH_SHARDED_MEMORY_CONFIG,
            program_config=program_config,
            compute_kernel_config=compute_kernel_config,
        )
    else:
        tt_matmul_out_tensor = ttnn.matmul(
            tt_input_tensor,
            weight_tt,
            memory_config=ttnn.L1_WIDTH_SHARDED_MEMORY_CONFIG,
            program_config=program_config,
            compute_kernel_config=compute_kernel_config,
        )

    tt_mm_out = ttnn.from_device(tt_matmul_out_tensor)
    tt_mm_out = ttnn.to_torch(tt_mm_out)

    # Torch reference
    matmul_output = torch.matmul(input_tensor, weights_tensor)
    if has_bias:
        matmul_output = matmul_output + bias_tensor

    assert_numeric_metrics(
        matmul_output, tt_mm_out, atol=0.018 * K, rtol=2.57 * K, frobenius_threshold=0.001 * K, pcc_threshold=0.993
    )


@pytest.mark.parametrize("M", [32, 128])
@pytest.mark.parametrize("K", [32, 128])
@pytest.mark.parametrize("N", [32, 128])
def test_alternating_dst_sync_mode_matmul(device, M, K, N):
    torch.manual_seed(0)
    torch_input_tensor_a = torch.randn([1, 1, M, K], dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn([1, 1, K, N], dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    # Half sync mode
    output1 = ttnn.matmul(input_tensor_a, input_tensor_b, core_grid=ttnn.CoreGrid(y=4, x=4))
    # Full sync mode
    output2 = ttnn.matmul(input_tensor_a, input_tensor_b)
    # Half sync mode
    output3 = ttnn.matmul(input_tensor_a, input_tensor_b, core_grid=ttnn.CoreGrid(y=4, x=4))

    output_tensor = ttnn.to_torch(output1)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.024 * K,
        rtol=20.5 * K,
        frobenius_threshold=0.001 * K,
        pcc_threshold=0.99,
    )
    output_tensor = ttnn.to_torch(output2)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.024 * K,
        rtol=20.5 * K,
        frobenius_threshold=0.001 * K,
        pcc_threshold=0.99,
    )
    output_tensor = ttnn.to_torch(output3)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.024 * K,
        rtol=20.5 * K,
        frobenius_threshold=0.001 * K,
        pcc_threshold=0.99,
    )


def test_interleaved_input_sharded_output_matmul(device):
    torch.manual_seed(0)
    pcc = 0.99
    # Width sharded
    torch_input_tensor_a = torch.randn([1, 1, 32, 32], dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn([1, 1, 32, 256], dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    out_mem_config = ttnn.create_sharded_memory_config(
        shape=(32, 256),
        core_grid=ttnn.CoreGrid(x=8, y=1),
        strategy=ttnn.ShardStrategy.WIDTH,
        orientation=ttnn.ShardOrientation.ROW_MAJOR,
    )

    output1 = ttnn.matmul(input_tensor_a, input_tensor_b, memory_config=out_mem_config)
    output_tensor = ttnn.to_torch(output1)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.004 * 32,
        rtol=0.247 * 32,
        frobenius_threshold=0.001 * 32,
        pcc_threshold=0.99,
    )

    # Block sharded
    out_mem_config = ttnn.create_sharded_memory_config(
        shape=(256, 256),
        core_grid=ttnn.CoreGrid(x=1, y=1),
        strategy=ttnn.ShardStrategy.BLOCK,
        orientation=ttnn.ShardOrientation.ROW_MAJOR,
    )

    output2 = ttnn.matmul(input_tensor_a, input_tensor_b, memory_config=out_mem_config)
    output_tensor = ttnn.to_torch(output2)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.004 * 32,
        rtol=0.247 * 32,
        frobenius_threshold=0.001 * 32,
        pcc_threshold=0.99,
    )

    # Height sharded
    torch_input_tensor_a = torch.randn([1, 1, 256, 32], dtype=torch.bfloat16)
    torch_input_tensor_b = torch.randn([1, 1, 32, 32], dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)

    out_mem_config = ttnn.create_sharded_memory_config(
        shape=(256, 32),
        core_grid=ttnn.CoreGrid(x=8, y=1),
        strategy=ttnn.ShardStrategy.HEIGHT,
        orientation=ttnn.ShardOrientation.ROW_MAJOR,
    )

    output3 = ttnn.matmul(input_tensor_a, input_tensor_b, memory_config=out_mem_config)
    output_tensor = ttnn.to_torch(output3)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.004 * 32,
        rtol=0.54 * 32,
        frobenius_threshold=0.001 * 32,
        pcc_threshold=0.99,
    )


@pytest.mark.parametrize(
    "n_size, c, m, k, n",
    [
        (1, 1, 1024, 64, 512),
    ],
)
def test_optional_output_argument(device, n_size, c, m, k, n):
    torch.manual_seed(0)

    torch_input_tensor_a = torch.rand((n_size, c, m, k), dtype=torch.bfloat16)
    torch_input_tensor_b = torch.rand((n_size, c, k, n), dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)
    torch_opt_output_tensor = torch.zeros_like(torch_output_tensor)

    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device)
    optional_output_tensor = ttnn.from_torch(torch_opt_output_tensor, layout=ttnn.TILE_LAYOUT, device=device)

    output = ttnn.matmul(input_tensor_a, input_tensor_b)
    output = ttnn.to_torch(output)

    ttnn.matmul(input_tensor_a, input_tensor_b, optional_output_tensor=optional_output_tensor)
    optional_output_tensor = ttnn.to_torch(optional_output_tensor)

    assert len(output.shape) == len(torch_output_tensor.shape) == len(optional_output_tensor.shape)
    assert output.shape == torch_output_tensor.shape == optional_output_tensor.shape
    assert_with_pcc(torch_output_tensor, output, 0.999)
    assert_with_pcc(torch_output_tensor, optional_output_tensor, 0.999)
    assert_with_pcc(output, optional_output_tensor, 0.999)


def test_small_matmul_pcc(device):
    torch.manual_seed(0)
    pcc = 0.99
    torch_input_tensor_a = torch.rand([1, 2048], dtype=torch.float32)
    torch_input_tensor_b = torch.rand([2048, 1000], dtype=torch.float32)
    torch_output_tensor = torch.matmul(torch_input_tensor_a, torch_input_tensor_b)
    input_tensor_a = ttnn.from_torch(torch_input_tensor_a, layout=ttnn.TILE_LAYOUT, device=device, dtype=ttnn.float32)
    input_tensor_b = ttnn.from_torch(torch_input_tensor_b, layout=ttnn.TILE_LAYOUT, device=device, dtype=ttnn.float32)
    output1 = ttnn.matmul(input_tensor_a, input_tensor_b)
    output_tensor = ttnn.to_torch(output1)

    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.002 * 2048,
        rtol=0.001 * 2048,
        frobenius_threshold=0.001 * 2048,
        pcc_threshold=0.99,
    )


@pytest.mark.parametrize("shape", [(32, 32)])
def test_linear_with_optional_output_tensor(device, shape):
    torch.manual_seed(0)

    torch_bias_tensor = torch.randn(shape, dtype=torch.bfloat16)
    torch_tensor_a = torch.randn(shape, dtype=torch.bfloat16)
    torch_tensor_b = torch.randn(shape, dtype=torch.bfloat16)
    torch_out_tensor = torch.zeros(shape, dtype=torch.float32)

    bias_tensor = ttnn.from_torch(torch_bias_tensor, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16, device=device)
    tensor_a = ttnn.from_torch(torch_tensor_a, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16, device=device)
    tensor_b = ttnn.from_torch(torch_tensor_b, layout=ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16, device=device)
    optional_output_tensor = ttnn.from_torch(
        torch_out_tensor, layout=ttnn.TILE_LAYOUT, dtype=ttnn.float32, device=device
    )

    result_tensor = ttnn.linear(tensor_a, tensor_b, bias=bias_tensor, optional_output_tensor=optional_output_tensor)
    result_tensor = ttnn.to_torch(result_tensor)

    optional_output_tensor = ttnn.to_torch(optional_output_tensor)

    assert_with_pcc(optional_output_tensor, result_tensor, pcc=0.9999)


@pytest.mark.parametrize(
    "out_block_h, out_block_w",
    [
        # (3, 1), (6, 1) are invalid combinations
        (3, 2),
        (6, 2),
        (1, 1),
        (1, 2),
    ],
)
def test_sharded_matmul_with_multiple_out_block_values(device, out_block_h, out_block_w):
    torch.manual_seed(0)
    input_shape0 = (384, 64)
    input_shape1 = (64, 64)
    torch_input_tensor0 = torch.rand(input_shape0, dtype=torch.bfloat16)
    torch_input_tensor1 = torch.rand(input_shape1, dtype=torch.bfloat16)
    torch_output_tensor = torch.matmul(torch_input_tensor0, torch_input_tensor1)

    memory_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        buffer_type=ttnn.BufferType.L1,
        shard_spec=ttnn.ShardSpec(
            ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(0, 1))}),
            (192, 64),
            ttnn.ShardOrientation.ROW_MAJOR,
        ),
    )

    input_tensor0 = ttnn.from_torch(
        torch_input_tensor0, dtype=ttnn.bfloat16, device=device, layout=ttnn.TILE_LAYOUT, memory_config=memory_config
    )
    input_tensor1 = ttnn.from_torch(torch_input_tensor1, dtype=ttnn.bfloat16, device=device, layout=ttnn.TILE_LAYOUT)
    grid = ttnn.CoreGrid(y=2, x=1)
    memory_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.BLOCK_SHARDED, buffer_type=ttnn.BufferType.L1, shard_spec=None
    )
    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.LoFi,
        math_approx_mode=True,
        fp32_dest_acc_en=False,
        packer_l1_acc=True,
    )
    program_config = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=(1, 2),
        in0_block_w=1,
        out_subblock_h=1,
        out_subblock_w=1,
        out_block_h=out_block_h,
        out_block_w=out_block_w,
        per_core_M=6,
        per_core_N=2,
        transpose_mcast=False,
        fused_activation=None,
        fuse_batch=True,
    )
    pcc = 0.999
    # DRAM interleaved output
    output_tensor = ttnn.matmul(
        input_tensor0,
        input_tensor1,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
        compute_kernel_config=compute_kernel_config,
        program_config=program_config,
    )
    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.5 * 64,
        rtol=0.031 * 64,
        frobenius_threshold=0.02 * 16,
        pcc_threshold=pcc,
    )

    # L1 Sharded output
    output_tensor = ttnn.matmul(
        input_tensor0,
        input_tensor1,
        memory_config=memory_config,
        compute_kernel_config=compute_kernel_config,
        program_config=program_config,
    )
    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.5 * 64,
        rtol=0.031 * 64,
        frobenius_threshold=0.02 * 16,
        pcc_threshold=pcc,
    )

    # L1 Sharded inferred output
    output_tensor = ttnn.matmul(
        input_tensor0, input_tensor1, compute_kernel_config=compute_kernel_config, program_config=program_config
    )
    output_tensor = ttnn.to_torch(output_tensor)
    assert_numeric_metrics(
        torch_output_tensor,
        output_tensor,
        atol=0.5 * 64,
        rtol=0.031 * 64,
        frobenius_threshold=0.02 * 16,
        pcc_threshold=pcc,
    )


@pytest.mark.parametrize("input_b_value", [2.0])
@pytest.mark.parametrize("input_a_value", [4.0])
@pytest.mark.parametrize(
    "input_a_shape,input_b_shape,input_a_reshape,input_b_reshape",
    [
        ((32, 96), (96, 32), (32, 96), (96, 32)),  # No padding introduced
        ((32, 96), (96, 32), (1, 90), (90, 16)),  # Padding introduced in M,K and N dimensions, 1 face padded
        ((32, 96), (96, 32), (1, 65), (65, 16)),  # Padding introduced in M,K and N dimensions, 2 faces padded
    ],
    ids=["no_padding", "1_face_padded", "2_faces_padded"],
)
@pytest.mark.parametrize(
    "program_config,input_a_memory_config,input_b_memory_config,output_memory_config",
    [
        # Uses reader_bmm_tile_layout_in0.cpp
        (
            ttnn.MatmulMultiCoreReuseProgramConfig(
                compute_with_storage_grid_size=(3, 1),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1,
                per_core_N=1,
            ),
            None,
            None,
            None,
        ),
        # Uses reader_bmm_tile_layout_in0_sender_padding.cpp
        (
            ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
                compute_with_storage_grid_size=(3, 1),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1,
                per_core_N=1,
                fuse_batch=True,
                fused_activation=None,
                mcast_in0=True,
            ),
            None,
            None,
            None,
        ),
        # Uses reader_bmm_tile_layout_in0_sender_receiver_padding_block_sharded.cpp
        (
            ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
                compute_with_storage_grid_size=(3, 1),
                in0_block_w=1,
                out_subblock_h=1,
                out_subblock_w=1,
                per_core_M=1,
                per_core_N=1,
                fuse_batch=True,
                fused_activation=None,
                mcast_in0=True,
            ),
            ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
                buffer_type=ttnn.BufferType.L1,
                shard_spec=ttnn.ShardSpec(
                    ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
                    (32, 96),
                    ttnn.ShardOrientation.ROW_MAJOR,
                ),
            ),
            None,
            None,
        ),
        # Uses reader_bmm_tile_layout_in0_sender_dram_sharded.cpp
        (
            ttnn.MatmulMultiCoreReuseMultiCastDRAMShardedProgramConfig(
                in0_block_w=1,
                per_core_M=1,
                per_core_N=1,
                fused_activation=None,
            ),
            ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
                buffer_type=ttnn.BufferType.L1,
                shard_spec=ttnn.ShardSpec(
                    ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
                    (32, 32),
                    ttnn.ShardOrientation.ROW_MAJOR,
                ),
            ),
            ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
                buffer_type=ttnn.BufferType.DRAM,
                shard_spec=ttnn.ShardSpec(
                    ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(2, 0))}),
                    (96, 32),
                    ttnn.ShardOrientation.ROW_MAJOR,
                ),
            ),
            ttnn.MemoryConfig(
                memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED,
                buffer_type=ttnn.BufferType.L1,
            ),
        ),
    ],
    ids=["reuse", "multicast1d", "multicast1d_sharded", "dram_sharded"],
)
def test_matmul_padding(
    device,
    input_a_shape,
    input_b_shape,
    input_a_value,
    input_b_value,
    input_a_reshape,
    input_b_reshape,
    program_config,
    input_a_memory_config,
    input_b_memory_config,
    output_memory_config,
):
    torch.manual_seed(0)

    # Create input tensors with specified shapes and values
    input_a = torch.full(input_a_shape, input_a_value, dtype=torch.float32)
    input_b = torch.full(input_b_shape, input_b_value, dtype=torch.float32)

    # Reshaped tensors for matmul
    input_a_torch = torch.full(input_a_reshape, input_a_value, dtype=torch.float32)
    input_b_torch = torch.full(input_b_reshape, input_b_value, dtype=torch.float32)

    # Compute golden output
    golden_output = torch.matmul(input_a_torch, input_b_torch)

    # Convert to ttnn tensors
    input_a_ttnn = ttnn.from_torch(
        input_a, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=input_a_memory_config
    )
    input_b_ttnn = ttnn.from_torch(
        input_b, dtype=ttnn.float32, layout=ttnn.TILE_LAYOUT, device=device, memory_config=input_b_memory_config
    )

    # Reshape ttnn tensors
    input_a_reshaped_ttnn = ttnn.reshape(input_a_ttnn, input_a_reshape, padded_shape=input_a_shape)
    input_b_reshaped_ttnn = ttnn.reshape(input_b_ttnn, input_b_reshape, padded_shape=input_b_shape)

    # Compute matmul
    for _ in range(11):
        output_ttnn = ttnn.matmul(
            input_a_reshaped_ttnn,
            input_b_reshaped_ttnn,
            program_config=program_config,
            memory_config=output_memory_config,
        )
    output = ttnn.to_torch(output_ttnn)

    # Verify values match with high precision
    assert torch.allclose(golden_output, output, atol=1e-6)


@pytest.mark.parametrize("input_shape", [(1576, 768)])
@pytest.mark.parametrize("weight_shape", [(768, 768)])
def test_linear_with_non_tile_aligned_bias(device, input_shape, weight_shape):
    """
    Regression test for issue #32441.
    Tests ttnn.linear with bias that has non-tile-aligned padded dimensions.
    The bias shape [1576, 768] pads to [1600, 768] where 1600 != tile_height (32),
    which previously caused a validation error during bias fusion.
    """
    torch.manual_seed(0)

    # Create tensors matching the issue repro
    torch_input = torch.randn(input_shape, dtype=torch.bfloat16)
    torch_weight = torch.randn(weight_shape, dtype=torch.bfloat16)
    torch_bias = torch.randn(input_shape, dtype=torch.bfloat16)

    # Compute expected output using PyTorch
    # linear(input, weight, bias) with transpose_b=True means: input @ weight.T + bias
    torch_output = torch.nn.functional.linear(torch_input, torch_weight, bias=None) + torch_bias

    # Convert to ttnn tensors with DRAM memory config as in the original issue
    input_tensor = ttnn.from_torch(
        torch_input, layout=ttnn.TILE_LAYOUT, device=device, dtype=ttnn.bfloat16, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )
    weight_tensor = ttnn.from_torch(
        torch_weight, layout=ttnn.TILE_LAYOUT, device=device, dtype=ttnn.bfloat16, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )
    bias_tensor = ttnn.from_torch(
        torch_bias, layout=ttnn.TILE_LAYOUT, device=device, dtype=ttnn.bfloat16, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    # This should not crash with "Unsupported bias shape" error
    output_tensor = ttnn.linear(input_tensor, weight_tensor, bias=bias_tensor, transpose_b=True)
    output = ttnn.to_torch(output_tensor)

    # Verify correctness
    assert_with_pcc(torch_output, output, pcc=0.99)


def test_matmul_block_sharded_input_with_padding(device):
    """
    Test matmul with block-sharded input where logical shape differs from physical shard shape due to padding.

    This test verifies that matmul correctly handles block-sharded inputs with padding:
    - Input 0: (4096, 16) block_sharded on 8x1 cores, logical shape (4096, 16) but physical padded to (512, 32) per shard
    - Input 1: (16, 128) interleaved, DRAM
    """
    torch.manual_seed(0)

    input_a_shape = (4096, 16)
    input_b_shape = (16, 128)

    torch_input_a = torch.randn(input_a_shape, dtype=torch.bfloat16)
    torch_input_b = torch.randn(input_b_shape, dtype=torch.bfloat16)
    torch_output = torch.matmul(torch_input_a, torch_input_b)

    # Input 0: Create with TILE layout, pad width from 16 to 32, then block shard
    ttnn_input_a = ttnn.from_torch(
        torch_input_a,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((32, 32)),
        device=device,
        dtype=ttnn.bfloat16,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    ttnn_input_a = ttnn.reshape(ttnn_input_a, input_a_shape, padded_shape=(4096, 32))

    # Input 1: Interleaved, DRAM
    ttnn_input_b = ttnn.from_torch(
        torch_input_b,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((32, 32)),
        device=device,
        dtype=ttnn.bfloat16,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    # Block shard input 0: 8x1 cores, shard shape [512, 32]
    input_a_sharded_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.BLOCK_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardSpec(
            ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(7, 0))]),
            [512, 32],
            ttnn.ShardOrientation.COL_MAJOR,
        ),
    )
    ttnn_input_a = ttnn.to_memory_config(ttnn_input_a, input_a_sharded_memory_config)
    ttnn_input_a = ttnn.fill_implicit_tile_padding(ttnn_input_a, -42)
    ttnn_input_b = ttnn.fill_implicit_tile_padding(ttnn_input_b, -42)

    ttnn_output = ttnn.matmul(ttnn_input_a, ttnn_input_b, transpose_a=False, transpose_b=False)

    output = ttnn.to_torch(ttnn_output)
    assert_numeric_metrics(
        torch_output, output, atol=0.008 * 16, rtol=12.313 * 16, frobenius_threshold=0.001 * 16, pcc_threshold=0.99
    )


def test_matmul_height_sharded_input_with_padding(device):
    """
    Test matmul with height-sharded input where K dimension has tile padding.

    Exercises reader_bmm_tile_layout_in0_sender_padding.cpp with IN0_SHARDED
    via the 1D mcast (in1 direction) program. Uses per_core_M=2 so that each
    core's block has multiple tile rows, which is necessary to trigger the bug
    where only the last tile row's K-padding was zeroed.

    - Input 0: (256, 16) height_sharded on 4 cores, shard [64, 32]
    - Input 1: (16, 128) interleaved, DRAM
    """
    torch.manual_seed(0)

    input_a_shape = (256, 16)
    input_b_shape = (16, 128)

    torch_input_a = torch.randn(input_a_shape, dtype=torch.bfloat16)
    torch_input_b = torch.randn(input_b_shape, dtype=torch.bfloat16)
    torch_output = torch.matmul(torch_input_a, torch_input_b)

    ttnn_input_a = ttnn.from_torch(
        torch_input_a,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((32, 32)),
        device=device,
        dtype=ttnn.bfloat16,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )
    ttnn_input_a = ttnn.reshape(ttnn_input_a, input_a_shape, padded_shape=(256, 32))

    ttnn_input_b = ttnn.from_torch(
        torch_input_b,
        layout=ttnn.TILE_LAYOUT,
        tile=ttnn.Tile((32, 32)),
        device=device,
        dtype=ttnn.bfloat16,
        memory_config=ttnn.DRAM_MEMORY_CONFIG,
    )

    input_a_sharded_memory_config = ttnn.MemoryConfig(
        ttnn.TensorMemoryLayout.HEIGHT_SHARDED,
        ttnn.BufferType.L1,
        ttnn.ShardSpec(
            ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(3, 0))]),
            [64, 32],
            ttnn.ShardOrientation.ROW_MAJOR,
        ),
    )
    ttnn_input_a = ttnn.to_memory_config(ttnn_input_a, input_a_sharded_memory_config)
    ttnn_input_a = ttnn.fill_implicit_tile_padding(ttnn_input_a, -42)
    ttnn_input_b = ttnn.fill_implicit_tile_padding(ttnn_input_b, -42)

    program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
        compute_with_storage_grid_size=(4, 1),
        in0_block_w=1,
        out_subblock_h=1,
        out_subblock_w=1,
        per_core_M=2,
        per_core_N=4,
        fuse_batch=True,
        fused_activation=None,
        mcast_in0=False,
    )

    ttnn_output = ttnn.matmul(ttnn_input_a, ttnn_input_b, program_config=program_config)

    output = ttnn.to_torch(ttnn_output)
    assert_with_pcc(torch_output, output, pcc=0.99)


def test_matmul_activation_with_sharded_input(device):
    # Create input tensors
    torch.manual_seed(0)
    torch_input_a = torch.randn(32, 1024, dtype=torch.bfloat16)
    torch_input_b = torch.randn(1024, 1024, dtype=torch.bfloat16)
    torch_output_tensor = torch_input_a @ torch_input_b
    activation = "silu"
    torch_output_tensor = get_golden_function_for_activation(activation)(torch_output_tensor)

    # Convert to TTNN tensors with DRAM interleaved layout
    input_a = ttnn.from_torch(
        torch_input_a, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    input_b = ttnn.from_torch(
        torch_input_b, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    # Width sharded output config
    # When we specify only the sharding type without full shard spec,
    # and pass it to matmul with activation, unary op needs to have full shard spec
    output_mem_config = ttnn.MemoryConfig(
        memory_layout=ttnn.TensorMemoryLayout.WIDTH_SHARDED, buffer_type=ttnn.BufferType.L1
    )

    # This should not crash with "validate_shard_spec" error because:
    # 1. matmul gets called with activation="silu" and partial memory config
    # 2. matmul internally calls unary (silu) with the output tensor's memory config
    # 3. unary's compute_output_specs creates TensorLayout with the output tensor's full config
    try:
        output_tensor = ttnn.matmul(input_a, input_b, memory_config=output_mem_config, activation=activation)
        output_tensor = ttnn.to_torch(output_tensor)
        assert_with_pcc(torch_output_tensor, output_tensor)
    except Exception as e:
        pytest.fail(f"Got unexpected exception {e}")


# ============================================================================
# Sub-device tests: verify ttnn.matmul works on a sub-device whose start core
# is NOT (0, 0).  This exercises the sub_device_start_core offset that was
# added to the 2-D and 1-D multicast program factories.
# ============================================================================


def _setup_subdevice(device, skip_rows=1):
    """Create two sub-devices: row(s) 0..skip_rows-1 as a 'dummy' sub-device
    and the remaining rows as the 'worker' sub-device.  Returns a tuple of
    (sub_device_manager, worker_sub_device_id, worker_core_grid) that the
    caller must tear down via _teardown_subdevice().
    """
    grid = device.compute_with_storage_grid_size()
    cols, rows = grid.x, grid.y
    assert rows > skip_rows, f"Device grid has only {rows} rows; need >{skip_rows} for this sub-device test"

    dummy_crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(cols - 1, skip_rows - 1))})
    worker_crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(0, skip_rows), ttnn.CoreCoord(cols - 1, rows - 1))})

    dummy_sub_device = ttnn.SubDevice([dummy_crs])
    worker_sub_device = ttnn.SubDevice([worker_crs])

    dummy_sub_device_id = ttnn.SubDeviceId(0)
    worker_sub_device_id = ttnn.SubDeviceId(1)

    sub_device_manager = device.create_sub_device_manager([dummy_sub_device, worker_sub_device], 0)
    device.load_sub_device_manager(sub_device_manager)
    device.set_sub_device_stall_group([dummy_sub_device_id, worker_sub_device_id])

    worker_core_grid = ttnn.CoreGrid(x=cols, y=rows - skip_rows)
    return sub_device_manager, worker_sub_device_id, worker_core_grid, worker_crs


def _teardown_subdevice(device, sub_device_manager):
    """Clean up the sub-device manager."""
    device.reset_sub_device_stall_group()
    device.clear_loaded_sub_device_manager()
    device.remove_sub_device_manager(sub_device_manager)


@skip_for_slow_dispatch()
@pytest.mark.parametrize(
    "m_size, k_size, n_size",
    [
        (32, 1024, 1024),  # narrow M → auto-selects 1D mcast_in0 (wide output)
        (1024, 1024, 32),  # narrow N → auto-selects 1D mcast_in1 (tall output)
    ],
)
def test_matmul_on_subdevice_1d_mcast(device, m_size, k_size, n_size):
    """Run ttnn.matmul on a sub-device with narrow shapes that trigger the
    1-D multicast program config auto-selection.

    This exercises the sub_device_start_core fix in the 1-D multicast
    program factory (both mcast_in0 and mcast_in1 paths).
    """
    grid = device.compute_with_storage_grid_size()
    if grid.y < 2:
        pytest.skip("Need at least 2 rows for sub-device test")

    sub_device_manager, worker_sub_device_id, worker_core_grid, worker_crs = _setup_subdevice(device)
    try:
        torch.manual_seed(0)
        torch_input_a = torch.randn((1, 1, m_size, k_size), dtype=torch.bfloat16)
        torch_input_b = torch.randn((1, 1, k_size, n_size), dtype=torch.bfloat16)
        torch_output = torch_input_a @ torch_input_b

        input_a = ttnn.from_torch(torch_input_a, dtype=ttnn.bfloat16, device=device)
        input_a = ttnn.to_layout(input_a, ttnn.TILE_LAYOUT, sub_core_grids=worker_crs)
        input_b = ttnn.from_torch(torch_input_b, dtype=ttnn.bfloat16, device=device)
        input_b = ttnn.to_layout(input_b, ttnn.TILE_LAYOUT, sub_core_grids=worker_crs)

        output = ttnn.matmul(
            input_a,
            input_b,
            core_grid=worker_core_grid,
            sub_device_id=worker_sub_device_id,
        )
        output = ttnn.to_torch(output)
        assert_numeric_metrics(
            torch_output,
            output,
            atol=0.004 * k_size,
            rtol=0.79 * k_size,
            frobenius_threshold=0.001 * k_size,
            pcc_threshold=0.999,
        )
    finally:
        _teardown_subdevice(device, sub_device_manager)


@skip_for_slow_dispatch()
@pytest.mark.parametrize(
    "sd_start, sd_end",
    [
        ((2, 3), (5, 7)),  # 4x5 offset in both x and y: trips old helper's available-cores undercount (20 vs 6)
        ((1, 4), (6, 5)),  # 6x2 wide-short rect: y-offset 4 >= rect height 2 trips old start.y bounds assertion
        ((6, 1), (7, 4)),  # 2x4 right-edge rect: x-offset 6 >= rect width 2 trips old start.x bounds assertion
        ((3, 3), (6, 6)),  # 4x4 square rect mid-device: another available-cores undercount case (16 vs 1)
        ((3, 2), (3, 6)),  # 1x5 single-column rect: exercises the grid.x==1 branch of receiver_start_core
        (None, None),  # device-sized full-width y-offset rect (0,1)->(cols-1,rows-1): the original #43900 repro
    ],
    ids=["2,3-5,7", "1,4-6,5", "6,1-7,4", "3,3-6,6", "3,2-3,6", "full_width_offset"],
)
@pytest.mark.parametrize("mcast_in0", [True, False], ids=["mcast_in0", "mcast_in1"])
def test_matmul_on_subdevice_1d_mcast_full_grid(device, sd_start, sd_end, mcast_in0):
    """Regression for issue #43900: 1-D multicast matmul over an offset
    worker rectangle.  Each parametrized shape would trip a TT_FATAL inside
    the old (0, 0)-anchored core-range helper (either an undercount of
    available cores or a start-core-out-of-grid assertion); the fix
    switches the factory to the sub-core-grid-aware helper so any
    rectangular sub-device whose bounding box fits the device is accepted.
    """
    grid = device.compute_with_storage_grid_size()
    if sd_start is None:
        if grid.y < 3:
            pytest.skip("Need at least 3 rows for the full-width offset sub-device case")
        sd_start, sd_end = (0, 1), (grid.x - 1, grid.y - 1)
    if sd_end[0] >= grid.x or sd_end[1] >= grid.y:
        pytest.skip(f"Device grid {grid.x}x{grid.y} too small for sub-device ending at {sd_end}")

    worker_crs = ttnn.CoreRangeSet({ttnn.CoreRange(ttnn.CoreCoord(*sd_start), ttnn.CoreCoord(*sd_end))})
    worker_sub_device = ttnn.SubDevice([worker_crs])
    worker_sub_device_id = ttnn.SubDeviceId(0)
    sub_device_manager = device.create_sub_device_manager([worker_sub_device], 0)
    device.load_sub_device_manager(sub_device_manager)
    device.set_sub_device_stall_group([worker_sub_device_id])
    try:
        sub_grid = ttnn.CoreCoord(sd_end[0] - sd_start[0] + 1, sd_end[1] - sd_start[1] + 1)
        num_cores = sub_grid.x * sub_grid.y
        tile = 32
        m_size, n_size = (tile, tile * num_cores) if mcast_in0 else (tile * num_cores, tile)
        k_size = 1024

        program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
            compute_with_storage_grid_size=sub_grid,
            in0_block_w=1,
            out_subblock_h=1,
            out_subblock_w=1,
            per_core_M=1,
            per_core_N=1,
            fuse_batch=False,
            mcast_in0=mcast_in0,
            fused_activation=None,
        )

        torch.manual_seed(0)
        torch_input_a = torch.randn((1, 1, m_size, k_size), dtype=torch.bfloat16)
        torch_input_b = torch.randn((1, 1, k_size, n_size), dtype=torch.bfloat16)
        torch_output = torch_input_a @ torch_input_b

        kwargs = dict(
            dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
        )
        input_a = ttnn.from_torch(torch_input_a, **kwargs)
        input_b = ttnn.from_torch(torch_input_b, **kwargs)

        output = ttnn.matmul(input_a, input_b, program_config=program_config, sub_device_id=worker_sub_device_id)
        output = ttnn.to_torch(output)
        assert_numeric_metrics(
            torch_output,
            output,
            atol=0.004 * k_size,
            rtol=0.79 * k_size,
            frobenius_threshold=0.001 * k_size,
            pcc_threshold=0.999,
        )
    finally:
        _teardown_subdevice(device, sub_device_manager)


@pytest.mark.parametrize(
    "weight_dtype, pcc_threshold",
    [
        (ttnn.bfloat8_b, 0.99),
        (ttnn.bfloat4_b, 0.98),
    ],
)
@pytest.mark.parametrize(
    "M, K, N",
    [
        (32, 64, 32),
        (128, 256, 128),
        (64, 512, 256),
    ],
)
def test_matmul_column_wise_bfp_tilize_via_transpose_b(device, weight_dtype, pcc_threshold, M, K, N):
    torch.manual_seed(0)
    torch_A = torch.randn(1, 1, M, K, dtype=torch.bfloat16)
    torch_W = torch.randn(1, 1, K, N, dtype=torch.bfloat16)

    # Golden in float32
    golden = torch.matmul(torch_A.float(), torch_W.float())

    # Conventional path: row-wise BFP grouping (along N)
    tt_A_conv = ttnn.from_torch(torch_A, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    tt_W_conv = ttnn.from_torch(torch_W, dtype=weight_dtype, layout=ttnn.TILE_LAYOUT, device=device)
    result_conv = ttnn.to_torch(ttnn.matmul(tt_A_conv, tt_W_conv))

    # Column-tilize path: use col_tilize=True instead of manual torch transpose
    tt_A_col = ttnn.from_torch(torch_A, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    tt_W_col = ttnn.from_torch(torch_W, dtype=weight_dtype, device=device, col_tilize=True)
    result_col = ttnn.to_torch(ttnn.matmul(tt_A_col, tt_W_col, transpose_b=True))

    # Both paths should match golden
    if weight_dtype == ttnn.bfloat4_b:
        assert_numeric_metrics(
            golden, result_conv, atol=0.065 * K, rtol=15.22 * K, frobenius_threshold=0.002 * K, pcc_threshold=0.99
        )
    elif weight_dtype == ttnn.bfloat8_b:
        assert_numeric_metrics(
            golden, result_conv, atol=0.004 * K, rtol=2.301 * K, frobenius_threshold=0.001 * K, pcc_threshold=0.99
        )
    else:
        assert_numeric_metrics(golden, result_conv, pcc_threshold=0.99)

    if weight_dtype == ttnn.bfloat4_b:
        assert_numeric_metrics(
            golden, result_col, atol=0.065 * K, rtol=15.22 * K, frobenius_threshold=0.002 * K, pcc_threshold=0.99
        )
    elif weight_dtype == ttnn.bfloat8_b:
        assert_numeric_metrics(
            golden, result_col, atol=0.004 * K, rtol=2.301 * K, frobenius_threshold=0.001 * K, pcc_threshold=0.99
        )
    else:
        assert_numeric_metrics(golden, result_col, pcc_threshold=0.99)

    # The two paths should match each other
    if weight_dtype == ttnn.bfloat4_b:
        assert_numeric_metrics(
            result_conv,
            result_col,
            atol=0.065 * K,
            rtol=15.22 * K,
            frobenius_threshold=0.002 * K,
            pcc_threshold=0.99,
        )
    elif weight_dtype == ttnn.bfloat8_b:
        assert_numeric_metrics(
            result_conv,
            result_col,
            atol=0.004 * K,
            rtol=2.301 * K,
            frobenius_threshold=0.001 * K,
            pcc_threshold=0.99,
        )
    else:
        assert_numeric_metrics(result_conv, result_col, pcc_threshold=0.99)


def test_from_torch_col_tilize_validation():
    torch.manual_seed(0)
    torch_tensor_2d = torch.randn(32, 64, dtype=torch.bfloat16)
    torch_tensor_1d = torch.randn(64, dtype=torch.bfloat16)

    # col_tilize requires BFP dtype
    with pytest.raises(RuntimeError, match="col_tilize=True requires BFP dtype"):
        ttnn.from_torch(torch_tensor_2d, dtype=ttnn.bfloat16, col_tilize=True)

    # col_tilize requires ndim >= 2
    with pytest.raises(RuntimeError, match="col_tilize=True requires tensor.ndim >= 2"):
        ttnn.from_torch(torch_tensor_1d, dtype=ttnn.bfloat8_b, col_tilize=True)

    # col_tilize not supported with spec
    spec = ttnn.TensorSpec((32, 64), ttnn.bfloat8_b, ttnn.TILE_LAYOUT)
    with pytest.raises(RuntimeError, match="col_tilize=True is not supported with spec"):
        ttnn.from_torch(torch_tensor_2d, spec=spec, col_tilize=True)

    # col_tilize requires tile layout
    with pytest.raises(RuntimeError, match="col_tilize=True requires layout to be None or ttnn.TILE_LAYOUT"):
        ttnn.from_torch(torch_tensor_2d, dtype=ttnn.bfloat8_b, layout=ttnn.ROW_MAJOR_LAYOUT, col_tilize=True)


@pytest.mark.parametrize(
    "weight_dtype, pcc_threshold",
    [
        (ttnn.bfloat8_b, 0.99),
        (ttnn.bfloat4_b, 0.98),
    ],
)
@pytest.mark.parametrize(
    "K, N",
    [
        (32, 64),
        (128, 256),
        (64, 512),
    ],
)
def test_from_torch_col_tilize_matches_manual_transpose(weight_dtype, pcc_threshold, K, N):
    """Verify that from_torch(..., col_tilize=True) produces the same tensor as
    manually transposing in torch and then calling from_torch on W^T."""
    torch.manual_seed(0)
    torch_W = torch.randn(1, 1, K, N, dtype=torch.bfloat16)

    # col_tilize path
    tt_col = ttnn.from_torch(torch_W, dtype=weight_dtype, col_tilize=True)
    result_col = ttnn.to_torch(tt_col)

    # Manual transpose path: torch transpose then from_torch
    torch_W_T = torch_W.transpose(-1, -2).contiguous()
    tt_manual = ttnn.from_torch(torch_W_T, dtype=weight_dtype)
    result_manual = ttnn.to_torch(tt_manual)

    assert (
        result_col.shape == result_manual.shape
    ), f"Shape mismatch: col_tilize={result_col.shape} vs manual={result_manual.shape}"
    assert_numeric_metrics(result_manual, result_col, pcc_threshold=0.99)


@pytest.mark.parametrize("weight_dtype", [ttnn.bfloat8_b, ttnn.bfloat4_b])
@pytest.mark.parametrize(
    "shape",
    [
        (64, 32),  # 2D, tile-aligned
        (2, 64, 32),  # 3D with batch
        (2, 3, 64, 32),  # 4D with batch
        (48, 80),  # 2D, non-tile-aligned
        (1, 1, 50, 70),  # 4D, non-tile-aligned K and N
        (3, 33, 65),  # 3D, odd non-tile-aligned dims
    ],
)
def test_from_torch_col_tilize_batched(weight_dtype, shape):
    """Verify col_tilize works correctly for tensors of various ranks and shapes,
    including non-tile-aligned dimensions that exercise the padding path."""
    torch.manual_seed(0)
    torch_W = torch.randn(shape, dtype=torch.bfloat16)

    tt_col = ttnn.from_torch(torch_W, dtype=weight_dtype, col_tilize=True)
    result_col = ttnn.to_torch(tt_col)

    torch_W_T = torch_W.transpose(-1, -2).contiguous()
    tt_manual = ttnn.from_torch(torch_W_T, dtype=weight_dtype)
    result_manual = ttnn.to_torch(tt_manual)

    assert result_col.shape == result_manual.shape
    assert_with_pcc(result_manual, result_col, pcc=0.98)


# Tests for the contract that callers of MatmulDeviceOperation's static API
# (compute_output_specs / create_output_tensors / the program-factory helpers) must populate
# allowed_worker_cores on program_config variants that support the field. ttnn::prim::matmul()
# normalizes its attributes before launch, but direct callers (e.g. ttnn.experimental.all_gather_matmul_async)
# must invoke normalize_program_config themselves before reaching these entry points.
#
# Originally tracked the "bad optional access" crash from #44529. After the fix, the same code
# path now produces a clear TT_FATAL when the contract is violated.
def _make_matmul_inputs(device, grid_size, with_allowed_worker_cores, output_memory_layout, config_kind):
    num_cores = grid_size[0] * grid_size[1]
    if config_kind == "mcast_1d":
        # 1D mcast: width-sharded output, single row of cores, N is split across all cores.
        m, k, n = 32, 8192, 1024
        in0_block_w = k // num_cores // 32
        per_core_M = m // 32
        per_core_N = n // num_cores // 32
    else:
        # 2D reuse: block-sharded output. compute_output_specs derives num_blocks_y from
        # M/per_core_M and num_blocks_x from N/per_core_N, and the shard layout must fit
        # the allowed_worker_cores grid in COL_MAJOR orientation
        # (num_blocks_y <= grid.x, num_blocks_x <= grid.y).
        m, k, n = 32 * grid_size[0], 8192, 32 * grid_size[1]
        in0_block_w = k // num_cores // 32
        per_core_M = m // 32 // grid_size[0]
        per_core_N = n // 32 // grid_size[1]
    out_subblock_h, out_subblock_w, _ = find_max_subblock(per_core_M, per_core_N)

    in0 = torch.randn(1, 1, m, k).bfloat16().float()
    in1 = torch.randn(1, 1, k, n).bfloat16().float()
    in0_t = ttnn.from_torch(
        in0, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.L1_MEMORY_CONFIG
    )
    in1_t = ttnn.from_torch(
        in1, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    allowed = (
        ttnn.CoreRangeSet([ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid_size[0] - 1, grid_size[1] - 1))])
        if with_allowed_worker_cores
        else None
    )

    if config_kind == "mcast_1d":
        program_config = ttnn.MatmulMultiCoreReuseMultiCast1DProgramConfig(
            compute_with_storage_grid_size=grid_size,
            in0_block_w=in0_block_w,
            out_subblock_h=out_subblock_h,
            out_subblock_w=out_subblock_w,
            per_core_M=per_core_M,
            per_core_N=per_core_N,
            fuse_batch=True,
            fused_activation=None,
            mcast_in0=True,
            allowed_worker_cores=allowed,
        )
    else:
        program_config = ttnn.MatmulMultiCoreReuseProgramConfig(
            compute_with_storage_grid_size=grid_size,
            in0_block_w=in0_block_w,
            out_subblock_h=out_subblock_h,
            out_subblock_w=out_subblock_w,
            per_core_M=per_core_M,
            per_core_N=per_core_N,
            allowed_worker_cores=allowed,
        )

    out_mem_config = ttnn.MemoryConfig(memory_layout=output_memory_layout, buffer_type=ttnn.BufferType.L1)
    parameters = ttnn.MatmulParams()
    parameters.program_config = program_config
    parameters.output_mem_config = out_mem_config
    parameters.output_dtype = ttnn.bfloat16
    attributes = ttnn.create_matmul_attributes(in0_t, in1_t, parameters, [])

    tensor_args = ttnn.MatmulInputs()
    tensor_args.input_tensors = [in0_t, in1_t]
    return attributes, tensor_args


@pytest.mark.parametrize(
    "config_kind, output_memory_layout, grid_size",
    [
        ("mcast_1d", ttnn.TensorMemoryLayout.WIDTH_SHARDED, (8, 1)),
        ("reuse_2d", ttnn.TensorMemoryLayout.BLOCK_SHARDED, (4, 2)),
    ],
    ids=["mcast_1d_width_sharded", "reuse_2d_block_sharded"],
)
@pytest.mark.parametrize("with_allowed_worker_cores", [True, False], ids=["with_awc", "without_awc"])
def test_matmul_compute_output_specs_with_allowed_worker_cores(
    device, config_kind, output_memory_layout, grid_size, with_allowed_worker_cores
):
    # Today missing allowed_worker_cores triggers a warning and auto-populates from
    # compute_with_storage_grid_size. This is temporary while CCL callers are migrated; it will
    # become a hard error in a future release (see #44529).
    attributes, tensor_args = _make_matmul_inputs(
        device,
        grid_size,
        with_allowed_worker_cores=with_allowed_worker_cores,
        output_memory_layout=output_memory_layout,
        config_kind=config_kind,
    )
    output_specs = ttnn.MatmulDeviceOperation.compute_output_specs(attributes, tensor_args)
    assert len(output_specs) >= 1


# ND shards spread over this many DRAM cores. Kept below any real device's DRAM
# bank count so round-robin patterns with more shards genuinely wrap.
_ND_IN1_NUM_DRAM_SHARD_CORES = 4


@pytest.mark.parametrize(
    "m, k, n, grid_size",
    [
        (512, 512, 512, (4, 4)),
        (256, 1024, 768, (4, 2)),
    ],
)
@pytest.mark.parametrize(
    # (K-splits, N-splits): 8 shards over 4 cores. Either wrapping the N dim
    # round-robin or a 2D K-by-N split keeps the layout genuinely ND_SHARDED.
    "k_splits, n_splits",
    [(1, 8), (2, 4)],
)
def test_matmul_2d_nd_sharded_in1(device, m, k, n, grid_size, k_splits, n_splits):
    """2D-multicast matmul with an ND_SHARDED (NdShardSpec) DRAM in1.

    ND_SHARDED in1 is not handled by the WIDTH/HEIGHT-sharded in1 reader, so the
    matmul program factory falls through to the generic TensorAccessor path, which
    addresses the NdShardSpec layout from the accessor args. This exercises the
    in1-sharded memory-layout validation in MatmulDeviceOperation, which accepts
    ND_SHARDED only when in1 lives in DRAM.

    A weight is ND_SHARDED (rather than canonicalized to WIDTH/HEIGHT) when its
    shards don't map one-contiguous-slab-per-core: either more shards than grid
    cores (round-robin wrap, as in the receiver-contiguous DRAM prefetcher where
    ring_size > num_banks) or a genuine 2D K-by-N split. Runs the identical matmul
    with in1 interleaved vs. ND-sharded in DRAM and checks the ND output matches
    both torch and the interleaved output.
    """
    grid_x, grid_y = grid_size
    if device.dram_grid_size().x < _ND_IN1_NUM_DRAM_SHARD_CORES:
        pytest.skip("needs at least _ND_IN1_NUM_DRAM_SHARD_CORES DRAM banks")
    if k % (grid_x * 32) or m % (grid_y * 32) or n % (grid_x * 32):
        pytest.skip("dims must be tile-aligned to the 2D-mcast grid")
    if (k // 32) % k_splits or (n // 32) % n_splits:
        pytest.skip("K/N (in tiles) must be divisible by the shard split")

    in0 = torch.randn([1, 1, m, k]).bfloat16()
    in1 = torch.randn([1, 1, k, n]).bfloat16()
    pt_out = (in0.float() @ in1.float())[0, 0]

    in0_t = ttnn.from_torch(
        in0, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    # in1, interleaved in DRAM (reference path).
    in1_interleaved = ttnn.from_torch(
        in1, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device, memory_config=ttnn.DRAM_MEMORY_CONFIG
    )

    # in1, ND-sharded across a fixed set of DRAM cores. With 8 shards over 4 cores
    # this can't reduce to a one-slab-per-core width/height shard, so it stays ND.
    dram_grid = ttnn.CoreRangeSet(
        {ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(_ND_IN1_NUM_DRAM_SHARD_CORES - 1, 0))}
    )
    nd_shard_spec = ttnn.NdShardSpec(ttnn.Shape([k // k_splits, n // n_splits]), dram_grid)  # default ROUND_ROBIN_1D
    in1_nd = ttnn.from_torch(
        in1,
        dtype=ttnn.bfloat16,
        layout=ttnn.TILE_LAYOUT,
        device=device,
        memory_config=ttnn.MemoryConfig(ttnn.BufferType.DRAM, nd_shard_spec),
    )
    assert in1_nd.memory_config().memory_layout == ttnn.TensorMemoryLayout.ND_SHARDED

    per_core_M = m // grid_y // 32
    per_core_N = n // grid_x // 32
    out_subblock_h, out_subblock_w, _ = find_max_subblock(per_core_M, per_core_N)
    program_config = ttnn.MatmulMultiCoreReuseMultiCastProgramConfig(
        compute_with_storage_grid_size=grid_size,
        in0_block_w=k // grid_x // 32,
        out_subblock_h=out_subblock_h,
        out_subblock_w=out_subblock_w,
        per_core_M=per_core_M,
        per_core_N=per_core_N,
        transpose_mcast=False,
        fused_activation=None,
        fuse_batch=False,
    )
    compute_kernel_config = ttnn.init_device_compute_kernel_config(
        device.arch(),
        math_fidelity=ttnn.MathFidelity.HiFi4,
        fp32_dest_acc_en=False,
        packer_l1_acc=True,
    )

    def run(in1_t):
        out_t = ttnn.matmul(
            in0_t,
            in1_t,
            program_config=program_config,
            memory_config=ttnn.DRAM_MEMORY_CONFIG,
            dtype=ttnn.bfloat16,
            compute_kernel_config=compute_kernel_config,
        )
        return ttnn.to_torch(out_t)[0, 0]

    out_interleaved = run(in1_interleaved)
    out_nd = run(in1_nd)

    assert_numeric_metrics(
        pt_out,
        out_nd,
        atol=0.004 * k,
        rtol=0.227 * k,
        frobenius_threshold=0.001 * k,
        pcc_threshold=0.999,
        check_ulp=False,
    )
    # Same weight, same matmul program; only in1's DRAM layout differs, so the ND
    # read must reproduce the interleaved read bit-for-bit.
    assert_equal(out_interleaved, out_nd)
