"""Compute kernel of ttnn's blocked matmuls (MatmulMultiCoreReuse*, 1D and 2D multicast): for each batch and output
block, the K blocks' in0 (block_h x in0_block_w tiles) and in1 (in0_block_w x block_w tiles) are multiplied
subblock by subblock with matmul_block into Dst; partial results go to the intermediate CB (c_5) between K blocks
and come back (reload), or, with PACKER_L1_ACC, the packer adds them up in L1; the last K block packs to the output
CB (c_4), or with FUSE_BIAS to c_5, from which the bias (c_3) is added as a row broadcast and packed to c_4.
PACK_RELU: the packer's ReLU on the final pack; SFPU_ACTIVATION: the fused SFPU activation run from the pack thread
on the subblock before it is packed.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/compute/
bmm_large_block_zm_fused_bias_activation.cpp line by line (same CBs, inits, reconfigs and L1-accumulation switches),
without the variants no tensix factory builds (get_batch_from_reader, untilize_out: the factories refuse those
first). MATMUL_DRAM_SHARDED (the DRAM-sharded program): runtime arg 0 says whether the core is a worker (the others
return at once), and the named arg last_subblock_w_valid narrows matmul_block on the last in1 subblock to the in1
columns the reader pushed (the factory refuses such a narrowed subblock: tensix's matmul_block takes the block
shape of its init only). Compile-time args 0-17 (and 18, row_broadcast_bias, with
FUSE_BIAS) as the C++; the named args (cb_in0, cb_in1, cb_out, cb_intermed0, cb_bias, bias_ntiles,
activation_type, activation_param0..2) in NAMED (matmul_api.FusedActivation: bmm_fused_activation.hpp); defines in
DEFINES."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import FusedActivation


def reload_from_cb_to_dst(in0_cb_id, in1_cb_id, mm_partials_cb_id, in1_transpose_tile, out_subblock_num_tiles,
                          out_subblock_w, out_subblock_h, in0_block_w):
    copy_tile_to_dst_init_short_with_dt(in1_cb_id, mm_partials_cb_id)
    cb_wait_front(mm_partials_cb_id, out_subblock_num_tiles)
    copy_block_matmul_partials(mm_partials_cb_id, 0, 0, out_subblock_num_tiles)
    cb_pop_front(mm_partials_cb_id, out_subblock_num_tiles)
    reconfig_data_format_srca(mm_partials_cb_id, in1_cb_id)
    matmul_block_init(in0_cb_id, in1_cb_id, in1_transpose_tile, out_subblock_w, out_subblock_h, in0_block_w)


def transpose_tile_block(in0_block_num_tiles, in0_transpose_cb_id, in0_cb_id, block_size=4):
    """Transpose the in0 block tile by tile (transpose_wh_tile) from the reader's CB into the CB the matmul reads,
    4 tiles per Dst section (there are at least 4 in every Dst mode), the rest in a last, smaller section."""
    full, last = divmod(in0_block_num_tiles, block_size)
    for n in [block_size] * full + ([last] if last else []):
        cb_wait_front(in0_transpose_cb_id, n)
        tile_regs_acquire()
        for tile_idx in range(n):
            transpose_wh_tile(in0_transpose_cb_id, tile_idx, tile_idx)
        tile_regs_commit()
        cb_pop_front(in0_transpose_cb_id, n)
        cb_reserve_back(in0_cb_id, n)
        tile_regs_wait()
        for tile_idx in range(n):
            pack_tile(tile_idx, in0_cb_id)
        tile_regs_release()
        cb_push_back(in0_cb_id, n)


def kernel_main():
    dram_sharded = "MATMUL_DRAM_SHARDED" in DEFINES
    if dram_sharded and get_arg_val(0) != 1:
        return          # not a worker core of the DRAM-sharded program
    in0_block_w = get_compile_time_arg_val(0)
    in0_num_subblocks = get_compile_time_arg_val(1)
    in0_block_num_tiles = get_compile_time_arg_val(2)
    in0_subblock_num_tiles = get_compile_time_arg_val(3)
    in1_num_subblocks = get_compile_time_arg_val(4)
    in1_block_num_tiles = get_compile_time_arg_val(5)
    in1_block_w = get_compile_time_arg_val(6)
    num_blocks_inner_dim = get_compile_time_arg_val(7)
    num_blocks_w_dim = get_compile_time_arg_val(8)
    num_blocks_h_dim = get_compile_time_arg_val(9)
    out_subblock_h = get_compile_time_arg_val(10)
    out_subblock_w = get_compile_time_arg_val(11)
    out_subblock_num_tiles = get_compile_time_arg_val(12)
    batch = get_compile_time_arg_val(13)
    out_block_num_tiles = get_compile_time_arg_val(14)

    d = DEFINES
    fuse_bias = "FUSE_BIAS" in d
    pack_relu = "PACK_RELU" in d
    packer_l1_acc = "PACKER_L1_ACC" in d
    fp32_dest_acc_en = "FP32_DEST_ACC_EN" in d
    in1_transpose_tile = "IN1_TRANSPOSE_TILE" in d
    activation = FusedActivation(NAMED) if "SFPU_ACTIVATION" in d else None

    # in0_transpose_tile (transpose_a): the reader's tiles (cb_in0) are transposed into cb_in0_transposed, which the
    # matmul reads
    in0_transpose_tile = bool(get_compile_time_arg_val(17))
    in0_transpose_cb_id = NAMED["cb_in0"]
    in0_cb_id = NAMED["cb_in0_transposed"] if in0_transpose_tile else NAMED["cb_in0"]
    in1_cb_id = NAMED["cb_in1"]
    out_cb_id = NAMED["cb_out"]
    mm_partials_cb_id = NAMED["cb_intermed0"]
    if fuse_bias:
        bias_cb_id = NAMED["cb_bias"]
        bias_ntiles = NAMED["bias_ntiles"]
        mm_out_cb_id = mm_partials_cb_id
        row_broadcast_bias = bool(get_compile_time_arg_val(18))
    else:
        mm_out_cb_id = out_cb_id
    if activation is not None:
        activation.init()

    # the DRAM-sharded planner may pad per_core_N beyond the in1 columns its reader pushes: the last in1 subblock's
    # matmul_block then covers only last_subblock_w_valid columns
    last_subblock_w_valid = NAMED["last_subblock_w_valid"] if dram_sharded else out_subblock_w
    last_subblock_padded = last_subblock_w_valid < out_subblock_w

    spill = num_blocks_inner_dim > 1
    several = batch > 1 or num_blocks_h_dim > 1 or num_blocks_w_dim > 1

    compute_kernel_hw_startup[SrcOrder.Reverse](in0_cb_id, in1_cb_id, mm_partials_cb_id)
    matmul_block_init(in0_cb_id, in1_cb_id, in1_transpose_tile, out_subblock_w, out_subblock_h, in0_block_w)
    for b in range(batch):
        for bh in range(num_blocks_h_dim):
            for bw in range(num_blocks_w_dim):
                enable_reload = False
                if pack_relu and several:
                    llk_pack_relu_config(ReluConfig.none())
                if several:
                    pack_reconfig_data_format(mm_partials_cb_id)

                for block in range(num_blocks_inner_dim):
                    last_out = block == num_blocks_inner_dim - 1
                    if not fuse_bias and pack_relu and last_out:
                        llk_pack_relu_config(ReluConfig.zero())

                    if in0_transpose_tile:
                        reconfig_data_format_srca(in1_cb_id, in0_transpose_cb_id)
                        transpose_wh_init_short(in0_transpose_cb_id)
                        pack_reconfig_data_format(in0_cb_id)
                        if packer_l1_acc:
                            llk_pack_reconfig_l1_acc(0)
                        transpose_tile_block(in0_block_num_tiles, in0_transpose_cb_id, in0_cb_id)
                        reconfig_data_format_srca(in0_transpose_cb_id, in1_cb_id)
                        matmul_block_init(in0_cb_id, in1_cb_id, in1_transpose_tile, out_subblock_w, out_subblock_h,
                                          in0_block_w)
                        pack_reconfig_data_format(mm_partials_cb_id)

                    cb_wait_front(in0_cb_id, in0_block_num_tiles)
                    cb_wait_front(in1_cb_id, in1_block_num_tiles)

                    in0_index_subblock_offset = 0
                    for in0_subblock in range(in0_num_subblocks):
                        in1_index_subblock_offset = 0
                        for in1_subblock in range(in1_num_subblocks):
                            tile_regs_acquire()
                            if enable_reload:
                                reload_from_cb_to_dst(in0_cb_id, in1_cb_id, mm_partials_cb_id, in1_transpose_tile,
                                                      out_subblock_num_tiles, out_subblock_w, out_subblock_h,
                                                      in0_block_w)
                            in0_index = in0_index_subblock_offset
                            in1_index = in1_index_subblock_offset
                            effective_subblock_w = (last_subblock_w_valid if last_subblock_padded
                                                    and in1_subblock == in1_num_subblocks - 1 else out_subblock_w)
                            for _ in range(in0_block_w):
                                matmul_block(in0_cb_id, in1_cb_id, in0_index, in1_index, 0, in1_transpose_tile,
                                             effective_subblock_w, out_subblock_h, in0_block_w)
                                in0_index += 1
                                in1_index += in1_block_w

                            if last_out:
                                tile_regs_commit()
                                cb_reserve_back(mm_out_cb_id, out_subblock_num_tiles)
                                if activation is not None and not fuse_bias:
                                    activation.apply_from_pack(out_subblock_num_tiles)     # waits for the commit
                                else:
                                    tile_regs_wait()
                                if fp32_dest_acc_en or packer_l1_acc:
                                    pack_reconfig_data_format(mm_out_cb_id)
                                if packer_l1_acc:
                                    if fuse_bias:
                                        llk_pack_reconfig_l1_acc(0 if block == 0 else 1)
                                    else:
                                        llk_pack_reconfig_l1_acc(0)
                                pack_tile_block(0, mm_out_cb_id, out_subblock_num_tiles)
                                tile_regs_release()
                                cb_push_back(mm_out_cb_id, out_subblock_num_tiles)
                            else:
                                tile_regs_commit()
                                cb_reserve_back(mm_partials_cb_id, out_subblock_num_tiles)
                                tile_regs_wait()
                                if packer_l1_acc:
                                    if block == 0:      # no accumulation for the first K block
                                        llk_pack_reconfig_l1_acc(0)
                                    elif block == 1:
                                        llk_pack_reconfig_l1_acc(1)
                                    elif in0_transpose_tile:
                                        llk_pack_reconfig_l1_acc(1)     # the transpose stage turned it off
                                pack_tile_block(0, mm_partials_cb_id, out_subblock_num_tiles)
                                tile_regs_release()
                                cb_push_back(mm_partials_cb_id, out_subblock_num_tiles)
                            in1_index_subblock_offset += out_subblock_w
                        in0_index_subblock_offset += in0_subblock_num_tiles

                    if packer_l1_acc:
                        if fuse_bias:
                            if block < num_blocks_inner_dim - 1:
                                for _ in range(0, out_block_num_tiles, out_subblock_num_tiles):
                                    cb_wait_front(mm_partials_cb_id, out_subblock_num_tiles)
                                    cb_pop_front(mm_partials_cb_id, out_subblock_num_tiles)
                            enable_reload = False   # never reload with bias: the bias uses the interm buffer
                        else:
                            if block < num_blocks_inner_dim - 2:
                                for _ in range(0, out_block_num_tiles, out_subblock_num_tiles):
                                    cb_wait_front(mm_partials_cb_id, out_subblock_num_tiles)
                                    cb_pop_front(mm_partials_cb_id, out_subblock_num_tiles)
                            if block == num_blocks_inner_dim - 2:
                                enable_reload = True    # the last K block reloads the accumulated partials
                    elif spill:
                        enable_reload = True

                    cb_pop_front(in0_cb_id, in0_block_num_tiles)
                    cb_pop_front(in1_cb_id, in1_block_num_tiles)

                if fuse_bias:
                    if pack_relu:
                        llk_pack_relu_config(ReluConfig.zero())
                    if fp32_dest_acc_en or packer_l1_acc:
                        pack_reconfig_data_format(out_cb_id)
                    if packer_l1_acc:
                        llk_pack_reconfig_l1_acc(0)
                    reconfig_data_format(in1_cb_id, mm_partials_cb_id, in0_cb_id, bias_cb_id)
                    if row_broadcast_bias:
                        add_bcast_rows_init_short(mm_partials_cb_id, bias_cb_id)
                    else:
                        add_tiles_init(mm_partials_cb_id, bias_cb_id)
                    # the reader pushes the bias once when num_blocks_w_dim == 1; it stays for the later blocks
                    if (b == 0 and bh == 0) or num_blocks_w_dim > 1:
                        cb_wait_front(bias_cb_id, bias_ntiles)
                    for in0_subblock in range(in0_num_subblocks):
                        in1_index_subblock_offset = 0
                        for in1_subblock in range(in1_num_subblocks):
                            cb_wait_front(mm_partials_cb_id, out_subblock_num_tiles)
                            tile_regs_acquire()
                            padded = last_subblock_padded and in1_subblock == in1_num_subblocks - 1
                            i = 0
                            for _ in range(out_subblock_h):
                                bias_tile_idx = in1_index_subblock_offset
                                for k in range(out_subblock_w):
                                    # padded lanes add bias tile 0 (kept in range; the writer drops those columns)
                                    idx = 0 if padded and k >= last_subblock_w_valid else bias_tile_idx
                                    if row_broadcast_bias:
                                        add_tiles_bcast_rows(mm_partials_cb_id, bias_cb_id, i, idx, i)
                                    else:
                                        add_tiles(mm_partials_cb_id, bias_cb_id, i, idx, i)
                                    bias_tile_idx += 1
                                    i += 1
                            tile_regs_commit()
                            cb_pop_front(mm_partials_cb_id, out_subblock_num_tiles)
                            cb_reserve_back(out_cb_id, out_subblock_num_tiles)
                            if activation is not None:
                                activation.apply_from_pack(out_subblock_num_tiles)     # waits for the commit
                            else:
                                tile_regs_wait()
                            for i in range(out_subblock_num_tiles):
                                pack_tile(i, out_cb_id)
                            tile_regs_release()
                            cb_push_back(out_cb_id, out_subblock_num_tiles)
                            in1_index_subblock_offset += out_subblock_w
                    if num_blocks_w_dim > 1:
                        cb_pop_front(bias_cb_id, bias_ntiles)

                if several:
                    if fuse_bias:
                        reconfig_data_format(mm_partials_cb_id, in1_cb_id, bias_cb_id, in0_cb_id)
                    else:
                        reconfig_data_format_srca(mm_partials_cb_id, in1_cb_id)
                    matmul_block_init(in0_cb_id, in1_cb_id, in1_transpose_tile, out_subblock_w, out_subblock_h,
                                      in0_block_w)
