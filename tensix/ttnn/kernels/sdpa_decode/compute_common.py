"""The compute_common.hpp helpers that ttnn's SDPA decode kernel calls in forms the prefill port
(tensix/ttnn/kernels/sdpa/compute_common.py) does not have, ported call by call from tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/transformer/sdpa/device/kernels/compute/compute_common.hpp: the reduce_tile form of reduce_c
(MAX pooled with the previous max by binary_max_tile, or SUM), sub_exp_block_bcast_cols_inplace without the
L1-accumulated row sums, sub_exp_block with either first-column exponential (exp_approx_mode off runs
calculate_exponential_polynomial, tensix.kernel.sdpa_decode_ops), mul_block_inplace, move_block,
mul_block_bcast_cols<immediate_pop = true>, mul_block_bcast_cols_inplace and the tree merge's correction_block.

vector_mode: the kernel passes VectorMode::R for half (16x32) tiles; tensix runs those CBs as 32x32 tiles (see
tensix/ttnn/operations/sdpa_decode.py) and the SFPU calls over the whole tile (VectorMode::RC): the first two faces,
the only ones a 16x32 tile has, get the same values."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.kernel import sdpa_decode_ops as XD
from tensix.kernel import sdpa_ops as X
from tensix.ttnn.kernels.sdpa.compute_common import granularity


def reduce_c(pool, in0_cb, scale_cb, rows, out_cb, prev_cb, cols, do_eltwise_max):
    """reduce_c<pool, REDUCE_ROW, in0_cb, scale_cb, rows, vector_mode>(out_cb, prev_cb, cols, do_eltwise_max): per
    tile row of in0 (rows x cols tiles) the row reduction by reduce_tile into Dst 0, with MAX pooled with prev_cb's
    tile (binary_max_tile) when do_eltwise_max; one tile per row packed into out_cb."""
    cb_wait_front(scale_cb, 1)
    cb_wait_front(in0_cb, rows * cols)
    cb_reserve_back(out_cb, rows)
    binary_max_tile_init()
    if do_eltwise_max:
        # the C++ copies prev_cb's tiles without waiting (this kernel pushed them); tensix's CB checks want them
        # waited on, which on hardware returns at once
        cb_wait_front(prev_cb, rows)
    for i in range(rows):
        tile_regs_acquire()
        reduce_init(in0_cb, scale_cb, out_cb, pool=pool, dim=ReduceDim.REDUCE_ROW)
        for j in range(cols):
            reduce_tile(in0_cb, scale_cb, i * cols + j, 0, 0, pool=pool, dim=ReduceDim.REDUCE_ROW)
        reduce_uninit()
        if do_eltwise_max:
            copy_tile_to_dst_init_short(prev_cb)
            copy_tile(prev_cb, i, 1)
            binary_max_tile(0, 1, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, out_cb)
        tile_regs_release()
    cb_push_back(out_cb, rows)


def sub_exp_block_bcast_cols_inplace(in0_cb, rows, scale_fp32, in1_cb, cols, d):
    """sub_exp_block_bcast_cols_inplace<in0_cb, rows, scale_fp32, write_result_inplace = true, do_reduce = false>(
    in1_cb, reduce_cb, cols): in0 = exp((in0 - in1 column-broadcast) * scale) (Schraudolph's exponential without
    input clamp; the packer's ReLU zeroes its negative results), SUB_EXP_GRANULARITY tiles per Dst section."""
    sub_bcast_cols_init_short(in0_cb, in1_cb)
    X.exp_tile_init_scaled(scale_fp32)
    llk_pack_relu_config(ReluConfig.zero())
    cb_wait_front(in0_cb, rows * cols)
    cb_wait_front(in1_cb, rows)
    dst_tiles, gran = granularity(cols, "SUB_EXP_GRANULARITY", d)
    for i in range(rows):
        for _u in range(gran):
            tile_regs_acquire()
            for j in range(dst_tiles):
                sub_tiles_bcast_cols(in0_cb, in1_cb, j, i, j)
                X.exp_tile_scaled(j, 32, "None")
            tile_regs_commit()
            cb_pop_front(in0_cb, dst_tiles)
            cb_reserve_back(in0_cb, dst_tiles)
            tile_regs_wait()
            for j in range(dst_tiles):
                pack_tile(j, in0_cb)
            cb_push_back(in0_cb, dst_tiles)
            tile_regs_release()
    llk_pack_relu_config(ReluConfig.none())


def mul_block_inplace(in0_cb, in1_cb, num_tiles):
    """mul_block_inplace: in0 *= in1 tile by tile (in1 kept)."""
    mul_tiles_init(in0_cb, in1_cb)
    cb_wait_front(in0_cb, num_tiles)
    cb_wait_front(in1_cb, num_tiles)
    for i in range(num_tiles):
        tile_regs_acquire()
        mul_tiles(in0_cb, in1_cb, 0, i, 0)
        tile_regs_commit()
        cb_pop_front(in0_cb, 1)
        cb_reserve_back(in0_cb, 1)
        tile_regs_wait()
        pack_tile(0, in0_cb)
        tile_regs_release()
        cb_push_back(in0_cb, 1)


def move_block(in_cb, out_cb, num_tiles, pop_in_cb=True):
    """move_block<pop_in_cb>: copy num_tiles tiles from in_cb to out_cb through Dst."""
    copy_tile_to_dst_init_short(in_cb)
    cb_wait_front(in_cb, num_tiles)
    cb_reserve_back(out_cb, num_tiles)
    for i in range(num_tiles):
        tile_regs_acquire()
        copy_tile(in_cb, i, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, out_cb)
        tile_regs_release()
        cb_push_back(out_cb, 1)
    if pop_in_cb:
        cb_pop_front(in_cb, num_tiles)


def mul_block_bcast_cols_immediate(rows, cols, in0_cb, in1_cb, out_cb):
    """mul_block_bcast_cols<rows, cols, immediate_pop = true, pack_accumulate = false>(in0, in1, out): out = in0 *
    in1 (column broadcast), one tile at a time, each in0 tile popped as it is read (in0 may be out)."""
    mul_bcast_cols_init_short(in0_cb, in1_cb)
    cb_wait_front(in0_cb, rows * cols)
    cb_wait_front(in1_cb, rows)
    for i in range(rows):
        for _j in range(cols):
            tile_regs_acquire()
            mul_tiles_bcast_cols(in0_cb, in1_cb, 0, i, 0)
            tile_regs_commit()
            cb_pop_front(in0_cb, 1)
            cb_reserve_back(out_cb, 1)
            tile_regs_wait()
            pack_tile(0, out_cb)
            tile_regs_release()
            cb_push_back(out_cb, 1)
    cb_pop_front(in1_cb, rows)


def mul_block_bcast_cols_inplace(rows, cols, in0_cb, in1_cb, d):
    """mul_block_bcast_cols_inplace<rows, cols>(in0, in1): in0 *= in1 (column broadcast), DHT_GRANULARITY tiles per
    Dst section; in1 popped."""
    dst_tiles, gran = granularity(cols, "DHT_GRANULARITY", d)
    if d.get("DHT_GRANULARITY") is None:
        dst_tiles, gran = 1, cols
    mul_bcast_cols_init_short(in0_cb, in1_cb)
    cb_wait_front(in0_cb, rows * cols)
    cb_wait_front(in1_cb, rows)
    for i in range(rows):
        for _u in range(gran):
            tile_regs_acquire()
            for j in range(dst_tiles):
                mul_tiles_bcast_cols(in0_cb, in1_cb, j, i, j)
            tile_regs_commit()
            cb_pop_front(in0_cb, dst_tiles)
            cb_reserve_back(in0_cb, dst_tiles)
            tile_regs_wait()
            for j in range(dst_tiles):
                pack_tile(j, in0_cb)
            cb_push_back(in0_cb, dst_tiles)
            tile_regs_release()
    cb_pop_front(in1_cb, rows)


def sub_exp_block(scale_fp32, in0_cb, in1_cb, out_cb, num_tiles, d):
    """sub_exp_block<scale_fp32>: out = exp((in0 - in1) * scale) on the first column, by exp_tile_first_column<
    EXP_APPROX_MODE, scale_bf16>: the accurate exponential (tensix.kernel.sdpa_ops) with EXP_APPROX_MODE, else
    calculate_exponential_polynomial (tensix.kernel.sdpa_decode_ops)."""
    approx = d.get("EXP_APPROX_MODE", 0) == 1
    sub_tiles_init(in0_cb, in1_cb)
    X.exp_tile_init_default(approx)       # exp_tile_init<EXP_APPROX_MODE>()
    cb_wait_front(in0_cb, num_tiles)
    cb_wait_front(in1_cb, num_tiles)
    cb_reserve_back(out_cb, num_tiles)
    scale_bf16 = scale_fp32 >> 16
    for i in range(num_tiles):
        tile_regs_acquire()
        sub_tiles(in0_cb, in1_cb, i, i, 0)
        if approx:
            X.exp_tile_first_column(0, True, scale_bf16)
        else:
            XD.exp_tile_first_column_polynomial(0, scale_bf16)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, out_cb)
        tile_regs_release()
        cb_push_back(out_cb, 1)


def correction_block(scale_fp32, cb_worker_max, cb_worker_sum, cb_cur_max, cb_prev_max, cb_cur_sum, cb_prev_sum,
                     cb_exp_max_diff, cb_exp_max_diff_2, num_head_tiles, d):
    """correction_block<scale_fp32, VectorMode::C>: per head tile, a child's (max, sum) merged with this core's by
    fused_max_sub_exp_add_tile: cur_max, cur_sum and the two correction factors exp((prev - cur) * scale) /
    exp((worker - cur) * scale); prev_sum and worker_sum popped, the maxima kept."""
    cb_wait_front(cb_worker_max, num_head_tiles)
    cb_wait_front(cb_worker_sum, num_head_tiles)
    cb_wait_front(cb_prev_max, num_head_tiles)
    cb_wait_front(cb_prev_sum, num_head_tiles)
    for cb in (cb_cur_max, cb_cur_sum, cb_exp_max_diff, cb_exp_max_diff_2):
        cb_reserve_back(cb, num_head_tiles)
    approx = d.get("EXP_APPROX_MODE", 0) == 1
    for i in range(num_head_tiles):
        tile_regs_acquire()
        copy_tile_to_dst_init_short(cb_worker_max)
        X.exp_tile_init_default(approx)           # exp_tile_init<EXP_APPROX_MODE>()
        copy_tile(cb_prev_max, i, 0)
        copy_tile(cb_worker_max, i, 1)
        copy_tile(cb_prev_sum, i, 3)
        copy_tile(cb_worker_sum, i, 4)
        XD.fused_max_sub_exp_add_tile(0, scale_fp32 >> 16)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_exp_max_diff)
        pack_tile(1, cb_exp_max_diff_2)
        pack_tile(2, cb_cur_max)
        pack_tile(3, cb_cur_sum)
        tile_regs_release()
        for cb in (cb_cur_max, cb_cur_sum, cb_exp_max_diff, cb_exp_max_diff_2):
            cb_push_back(cb, 1)
    cb_pop_front(cb_prev_sum, num_head_tiles)
    cb_pop_front(cb_worker_sum, num_head_tiles)
