# SPDX-FileCopyrightText: © 2025 Tenstorrent USA, Inc.

# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/ttnn/unit_tests/operations/fused/sharded_test_utils.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

import torch
import ttnn

from tests.ttnn.utils_for_testing import assert_numeric_metrics
from models.common.utility_functions import is_blackhole
from tests.ttnn.unit_tests.operations.test_utils import TILE_HEIGHT, TILE_WIDTH


def generate_input_tensor(h, w, type, dtype):
    """
    Generate various torch tensors
    Returns:
        A torch tensor of shape (h, w) of the given type and dtype.
    """
    if type == "random":
        return torch.rand((h, w), dtype=dtype)
    elif type == "random_normal":
        return torch.randn((h, w), dtype=dtype)
    elif type == "ascending_values_repeated_rows":
        return torch.arange(w).repeat(h, 1).to(dtype)
    elif type == "monotonically_ascending_values":
        return torch.arange(h * w).reshape(h, w).to(dtype)
    else:
        raise ValueError(f"Invalid tensor type: {type}")


def create_shard_spec(shard_height, shard_width, num_cores_h, num_cores_w):
    """
    Create a shard spec for a given height, width, number of cores, and number of cores per row.
    Args:
        shard_height: The height of the shard.
        shard_width: The width of the shard.
        num_cores_h: The number of cores in y
        num_cores_w: The number of cores in x.
    Returns:
        Shard spec corresponding to given input shapes
    """
    return ttnn.ShardSpec(
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


def create_single_stage_shard_spec(h, w, num_cores_h, num_cores_w):
    """
    Create a shard spec that will trigger the single-stage reduction
    algorithm
    Args:
        h: The height of the input tensor.
        w: The width of the input tensor.
        num_cores_h: The number of cores in y.
        num_cores_w: The number of cores in x.
    Returns:
        Shard spec corresponding to given input shapes
    """
    shard_height = h // num_cores_h
    shard_width = w // num_cores_w
    return create_shard_spec(shard_height, shard_width, num_cores_h, num_cores_w)


def create_two_stage_shard_spec(h, w, num_cores_h, num_cores_w):
    """
    Create a shard spec that will trigger the two-stage reduction
    algorithm
    Args:
        h: The height of the input tensor.
        w: The width of the input tensor.
        num_cores_h: The number of cores in y.
        num_cores_w: The number of cores in x.
    Returns:
        Shard spec corresponding to given input shapes
    """
    shard_height = h
    shard_width = w // (num_cores_w * num_cores_h)
    return create_shard_spec(shard_height, shard_width, num_cores_h, num_cores_w)


def create_sharded_mem_config(h, w, num_cores_h, num_cores_w, two_stage):
    """
    Create a sharded memory config for a given height, width, number of cores, and number of cores per row..
    Sets up the config to trigger the single-stage or two-stage reduction algorithm based
    on the input flag
    Args:
        h: The height of the input tensor.
        w: The width of the input tensor.
        num_cores_h: The number of cores in y.
        num_cores_w: The number of cores in x.
        two_stage: Whether to use the two-stage reduction algorithm.
    Returns:
        Sharded memory config corresponding to given input shapes
    """
    mem_layout = ttnn.TensorMemoryLayout.WIDTH_SHARDED if two_stage else ttnn.TensorMemoryLayout.BLOCK_SHARDED
    if two_stage:
        shard_spec = create_two_stage_shard_spec(h, w, num_cores_h, num_cores_w)
    else:
        shard_spec = create_single_stage_shard_spec(h, w, num_cores_h, num_cores_w)
    return ttnn.MemoryConfig(memory_layout=mem_layout, buffer_type=ttnn.BufferType.L1, shard_spec=shard_spec)


def ttnn_layer_norm_sharded(
    device, tt_input_tensor, use_welford, block_ht, block_wt, subblock_w=1, residual=None, weight=None, bias=None
):
    """
    Run layer norm sharded on a TTNN tensor.
    Args:
        device: The device to run the layer norm on.
        tt_input_tensor: The TTNN tensor to run the layer norm on.
        use_welford: Whether to use Welford's algorithm.
        block_ht: The height of the block in tiles.
        block_wt: The width of the block in tiles.
        subblock_w: The width of the subblock in tiles.
        residual: The residual tensor to add to the input tensor.
        weight: The weight tensor to use for the layer norm.
        bias: The bias tensor to use for the layer norm.
    Returns:
        The output tensor as a torch tensor.
    """
    # Create output memory config (same sharding as input)
    output_memory_config = ttnn.get_memory_config(tt_input_tensor)

    # Create reciprocal tensor for Welford algorithm if needed
    recip_tensor = None
    if use_welford:
        shard_spec = tt_input_tensor.memory_config().shard_spec
        recip_tensor = ttnn.create_layer_norm_reciprocals(device, shard_spec.grid, shard_spec.shape[1])

    # Run layernorm
    output_ttnn = ttnn.layer_norm(
        tt_input_tensor,
        residual_input_tensor=residual,
        weight=weight,
        bias=bias,
        memory_config=output_memory_config,
        program_config=ttnn.LayerNormShardedMultiCoreProgramConfig(
            compute_with_storage_grid_size=device.compute_with_storage_grid_size(),
            block_h=block_ht,
            block_w=block_wt,
            subblock_w=subblock_w,
            use_welford=use_welford,
            inplace=False,
        ),
        recip_tensor=recip_tensor,
    )

    output_ttnn = ttnn.from_device(output_ttnn)
    return ttnn.to_torch(output_ttnn)


def ttnn_rms_norm_sharded(
    device, tt_input_tensor, block_ht, block_wt, subblock_w=1, residual=None, weight=None, bias=None
):
    """
    Run rms norm sharded on a TTNN tensor.
    Args:
        device: The device to run the rms norm on.
        tt_input_tensor: The TTNN tensor to run the rms norm on.
        block_ht: The height of the block in tiles.
        block_wt: The width of the block in tiles.
        subblock_w: The width of the subblock in tiles.
        residual: The residual tensor to add to the input tensor.
        weight: The weight tensor to use for the rms norm.
        bias: The bias tensor to use for the rms norm.
    Returns:
        The output tensor as a torch tensor.
    """
    # Create output memory config (same sharding as input)
    output_memory_config = ttnn.get_memory_config(tt_input_tensor)

    # Run rms norm
    output_ttnn = ttnn.rms_norm(
        tt_input_tensor,
        residual_input_tensor=residual,
        weight=weight,
        bias=bias,
        memory_config=output_memory_config,
        program_config=ttnn.LayerNormShardedMultiCoreProgramConfig(
            compute_with_storage_grid_size=device.compute_with_storage_grid_size(),
            block_h=block_ht,
            block_w=block_wt,
            subblock_w=subblock_w,
            use_welford=False,
            inplace=False,
        ),
    )

    output_ttnn = ttnn.from_device(output_ttnn)
    return ttnn.to_torch(output_ttnn)


def torch_layer_norm(torch_input_tensor, residual=None, weight=None, bias=None):
    """
    Run layer norm in torch
    Args:
        torch_input_tensor: The input tensor to run the layer norm on.
        residual: The residual tensor to add to the input tensor.
        weight: The weight tensor to use for the layer norm.
        bias: The bias tensor to use for the layer norm.
    Returns:
        The output tensor as a torch tensor.
    """
    return torch.nn.functional.layer_norm(
        torch_input_tensor if residual is None else torch_input_tensor + residual,
        normalized_shape=[torch_input_tensor.shape[1]],
        weight=weight,
        bias=bias,
    )


def rms_norm_golden(input_tensor, weight=None, bias=None, epsilon=1e-5):
    """
    Compute golden RMS output for an input tensor with optional weight and bias.
    Args:
        input_tensor: The input tensor to run the rms norm on.
        weight: The weight tensor (gamma) to use for the rms norm, or None.
        bias: The bias tensor (beta) to use for the rms norm, or None.
        epsilon: Epsilon for rsqrt stability.
    Returns:
        The output tensor as a torch tensor.
    """
    golden_function = ttnn.get_golden_function(ttnn.rms_norm)
    golden_rms = golden_function(input_tensor, weight)
    if bias is not None:
        golden_rms = golden_rms + bias

    return golden_rms


def simple_size_params(two_stage):
    """
    Generate a valid single set of shape inputs for either
    the single-stage or two-stage reduction algorithm
    """
    h = 32 * 8
    w = 32 * 10
    num_cores_h = 2
    num_cores_w = 5
    if two_stage:
        block_ht = 8
        block_wt = 1
        subblock_wt = 1
    else:
        block_ht = 4
        block_wt = 2
        subblock_wt = 1

    return h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt


def single_stage_param_sets():
    """
    Generate valid single-stage reduction tensor,block and shard shapes
    for input h,w
    Returns:
        List[Tuple] of (h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt) sets
    """
    hs = [32 * 2, 32 * 8]
    ws = [32 * 2, 32 * 16]
    num_cores_hs = [4, 8]
    num_cores_ws = [4, 8]
    block_ht_mults = [1, 2, 4, 8]
    block_wt_mults = [1, 2, 4, 8]
    possible_subblock_wts = [1, 2]
    param_sets = []
    for h in hs:
        for w in ws:
            for num_cores_h in num_cores_hs:
                for num_cores_w in num_cores_ws:
                    h_per_core = h // num_cores_h
                    w_per_core = w // num_cores_w
                    ht_per_core = h_per_core // TILE_HEIGHT
                    wt_per_core = w_per_core // TILE_WIDTH
                    possible_block_hts = [
                        v for v in [h_per_core // (TILE_HEIGHT * m) for m in block_ht_mults] if v >= 1
                    ]
                    possible_block_wts = [v for v in [w_per_core // (TILE_WIDTH * m) for m in block_wt_mults] if v >= 1]
                    for block_ht in possible_block_hts:
                        for block_wt in possible_block_wts:
                            for subblock_wt in possible_subblock_wts:
                                block_ht_valid = block_ht >= 1 and block_ht == ht_per_core
                                block_wt_valid = block_wt >= 1 and block_wt == wt_per_core
                                subblock_wt_valid = subblock_wt >= 1 and subblock_wt <= block_wt
                                if block_ht_valid and block_wt_valid and subblock_wt_valid:
                                    param_sets.append((h, w, num_cores_h, num_cores_w, block_ht, block_wt, subblock_wt))
    return param_sets


def do_test_main(
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
    weight=None,
    bias=None,
    weight_bias_layout=ttnn.TILE_LAYOUT,
    op_name="layer_norm",
):
    """
    Helper function to run the layer norm or rms norm tests.
    Runs the ttnn op and compares to a reference tensor (torch or golden).
    Asserts PCC agreement
    """

    if op_name not in ["layer_norm", "rms_norm"]:
        raise ValueError(f"Invalid operation name: {op_name}")

    torch.manual_seed(12345)

    # Run torch layernorm to get the reference tensor
    torch_input_tensor = generate_input_tensor(h, w, tensor_type, dtype)
    if op_name == "layer_norm":
        ref_output_tensor = torch_layer_norm(torch_input_tensor, residual=residual, weight=weight, bias=bias)
    elif op_name == "rms_norm":
        ref_output_tensor = rms_norm_golden(
            torch_input_tensor + residual if residual is not None else torch_input_tensor,
            weight=weight,
            bias=bias,
        )

    # Generate the tt tensor based on the inputs
    sharded_mem_config = create_sharded_mem_config(h, w, num_cores_h, num_cores_w, two_stage)
    tt_input_tensor = ttnn.from_torch(
        torch_input_tensor,
        layout=ttnn.Layout.TILE,
        device=device,
        memory_config=sharded_mem_config,
    )

    if residual is not None:
        residual = ttnn.from_torch(residual, layout=ttnn.TILE_LAYOUT, device=device, memory_config=sharded_mem_config)
    if weight is not None:
        weight = ttnn.from_torch(weight, layout=weight_bias_layout, device=device)
    if bias is not None:
        bias = ttnn.from_torch(bias, layout=weight_bias_layout, device=device)

    # Run the ttnn op
    if op_name == "layer_norm":
        output_ttnn = ttnn_layer_norm_sharded(
            device,
            tt_input_tensor,
            use_welford,
            block_ht,
            block_wt,
            subblock_wt,
            residual=residual,
            weight=weight,
            bias=bias,
        )
    elif op_name == "rms_norm":
        output_ttnn = ttnn_rms_norm_sharded(
            device,
            tt_input_tensor,
            block_ht,
            block_wt,
            subblock_wt,
            residual=residual,
            weight=weight,
            bias=bias,
        )

    if op_name == "layer_norm":
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
    else:
        if dtype == torch.bfloat16:
            pcc_threshold = 0.999
            rtol = 0.031
            atol = 0.052
            frobenius_threshold = 0.010
        else:
            pcc_threshold = 0.999
            rtol = 0.060
            atol = 0.049
            frobenius_threshold = 0.011
    assert_numeric_metrics(
        ref_output_tensor,
        output_ttnn,
        pcc_threshold=pcc_threshold,
        rtol=rtol,
        atol=atol,
        frobenius_threshold=frobenius_threshold,
    )


def layernorm_test_main(
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
    weight=None,
    bias=None,
    weight_bias_layout=ttnn.TILE_LAYOUT,
):
    """
    Run the layer norm test for inputs
    """
    do_test_main(
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
        weight=weight,
        bias=bias,
        weight_bias_layout=weight_bias_layout,
        op_name="layer_norm",
    )


def rms_norm_test_main(
    device,
    h,
    w,
    num_cores_h,
    num_cores_w,
    block_ht,
    block_wt,
    subblock_wt,
    two_stage,
    tensor_type,
    dtype,
    residual=None,
    weight=None,
    bias=None,
    weight_layout=ttnn.TILE_LAYOUT,
):
    """
    Run the rms norm test for inputs
    """
    do_test_main(
        device,
        h,
        w,
        num_cores_h,
        num_cores_w,
        block_ht,
        block_wt,
        subblock_wt,
        False,  # use_welford
        two_stage,
        tensor_type,
        dtype,
        residual=residual,
        weight=weight,
        bias=bias,
        weight_bias_layout=weight_layout,
        op_name="rms_norm",
    )
