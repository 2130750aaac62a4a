"""Compute kernel of ttnn.prod over dim 0 or 1 of a 4D tensor (ProdNcProgramFactory): per output tile, the
num_input_tiles input tiles multiplied one by one onto the running product (mul_tiles with the ones tile c_1 first,
then with the product reloaded from c_2), the last product packed to c_3.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/prod/device/kernels/compute/prod_nc.cpp. Runtime args:
num_input_tiles, num_output_tiles."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_input_tiles = get_arg_val(0)
    num_output_tiles = get_arg_val(1)
    cb_in0, cb_in1, cb_intermed0, cb_out0 = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2, CBIndex.c_3
    binary_op_init_common(cb_in0, cb_in1, cb_out0)
    cb_wait_front(cb_in1, 1)
    for _ in range(num_output_tiles):
        reload = False
        for j in range(num_input_tiles):
            cb_add = cb_intermed0 if reload else cb_in1
            cb_wait_front(cb_in0, 1)
            if reload:
                cb_wait_front(cb_intermed0, 1)
            tile_regs_acquire()
            mul_tiles_init(cb_in0, cb_add)
            mul_tiles(cb_in0, cb_add, 0, 0, 0)
            tile_regs_commit()
            cb_pop_front(cb_in0, 1)
            if reload:
                cb_pop_front(cb_intermed0, 1)
            cb_out = cb_out0 if j == num_input_tiles - 1 else cb_intermed0
            cb_reserve_back(cb_out, 1)
            tile_regs_wait()
            pack_tile(0, cb_out)
            tile_regs_release()
            cb_push_back(cb_out, 1)
            reload = True
