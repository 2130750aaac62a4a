"""Compute kernel of ttnn.argmax's NC program: per output tile, the first input tile is the running max (Dst 0) and
the index tile (Dst 1) is filled with 0; for every further tile k along the reduced dim, mask = new > max
(gt_binary_tile into Dst 3), max = where(mask, new, max) (Float32), Dst 2 filled with k, argmax = where(mask, k,
argmax) (Int32); the index tile is packed to c_16 as uint32. The strict > keeps the first index of equal maxima.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/argmax_nc_compute.cpp (run with
fp32_dest_acc_en; a Float32 input is unpacked straight to Dst, UnpackToDestFp32).
Compile-time args: num_output_tiles, num_reduce_tiles."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_output_tiles = get_compile_time_arg_val(0)
    num_reduce_tiles = get_compile_time_arg_val(1)
    cb_val, cb_out = 0, 16
    dst_max, dst_argmax, dst_a, dst_b = 0, 1, 2, 3
    init_sfpu(cb_val, cb_out)
    gt_binary_tile_init()
    where_tile_init()
    fill_tile_init()
    for _ in range(num_output_tiles):
        tile_regs_acquire()
        cb_wait_front(cb_val, 1)
        copy_tile(cb_val, 0, dst_max)
        cb_pop_front(cb_val, 1)
        fill_tile_int(dst_argmax, 0, "UInt32")
        for k in range(1, num_reduce_tiles):
            cb_wait_front(cb_val, 1)
            copy_tile(cb_val, 0, dst_a)
            cb_pop_front(cb_val, 1)
            gt_binary_tile(dst_a, dst_max, dst_b)
            where_tile(dst_b, dst_a, dst_max, dst_max, data_format="Float32")
            fill_tile_int(dst_a, k, "UInt32")
            where_tile(dst_b, dst_a, dst_argmax, dst_argmax, data_format="Int32")
        tile_regs_commit()
        cb_reserve_back(cb_out, 1)
        tile_regs_wait()
        pack_tile(dst_argmax, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, 1)
