"""Compute kernel of ttnn.prod over every element (ProdAllProgramFactory, one core): the input tiles multiplied
element by element into one tile (copy the first to Dst; then per tile pack the running product to c_2 and
mul_tiles the next input tile with it); the host multiplies that tile's 1024 values afterwards
(prod_result_computation_WH_B0).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/prod/device/kernels/compute/prod_all.cpp. Compile-time
args: num_tiles, per_core_block_dim (unused). The C++'s mul_tiles reads the running product from c_2 without a
cb_wait_front on it (the UNPACK thread does not wait for the PACK thread's push)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    input_cb, partial_cb, out_cb = CBIndex.c_0, CBIndex.c_2, CBIndex.c_3
    num_tiles = get_compile_time_arg_val(0)
    binary_op_init_common(input_cb, partial_cb, out_cb)
    reconfig_data_format(input_cb, partial_cb)
    pack_reconfig_data_format(out_cb)

    cb_reserve_back(out_cb, 1)
    cb_wait_front(input_cb, 1)
    tile_regs_acquire()
    copy_tile_to_dst_init_short(input_cb)
    copy_tile(input_cb, 0, 0)
    cb_pop_front(input_cb, 1)
    mul_tiles_init(input_cb, partial_cb)
    for _ in range(1, num_tiles):
        tile_regs_commit()
        tile_regs_wait()
        cb_reserve_back(partial_cb, 1)
        pack_tile(0, partial_cb)
        cb_push_back(partial_cb, 1)
        tile_regs_release()

        cb_wait_front(input_cb, 1)
        tile_regs_acquire()
        mul_tiles(input_cb, partial_cb, 0, 0, 0)
        cb_pop_front(input_cb, 1)
        cb_pop_front(partial_cb, 1)
    tile_regs_commit()
    tile_regs_wait()
    pack_tile(0, out_cb)
    cb_push_back(out_cb, 1)
    tile_regs_release()
