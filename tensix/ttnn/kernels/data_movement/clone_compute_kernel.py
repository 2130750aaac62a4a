"""Compute kernel of ttnn.clone with a dtype change: num_tiles tiles from src_cb to dst_cb through copy_tile /
pack_tile (the FPU's unpack and pack conversions).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/clone/device/kernels/compute_kernel.cpp
(unary_op_init_common is tensix's init_sfpu). Compile-time args: src_cb_id, dst_cb_id, num_tiles."""

from tensix.kernel import *  # noqa: F401,F403

unary_op_init_common = init_sfpu


def kernel_main():
    src_cb_id = get_compile_time_arg_val(0)
    dst_cb_id = get_compile_time_arg_val(1)
    num_tiles = get_compile_time_arg_val(2)
    unary_op_init_common(src_cb_id, dst_cb_id)
    for _i in range(num_tiles):
        cb_wait_front(src_cb_id, 1)
        tile_regs_acquire()
        copy_tile(src_cb_id, 0, 0)
        tile_regs_commit()
        cb_pop_front(src_cb_id, 1)
        cb_reserve_back(dst_cb_id, 1)
        tile_regs_wait()
        pack_tile(0, dst_cb_id)
        tile_regs_release()
        cb_push_back(dst_cb_id, 1)
