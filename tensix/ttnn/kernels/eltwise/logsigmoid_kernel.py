"""Compute kernel of ttnn.log_sigmoid (UnaryOpType::LOGSIGMOID's own kernel, get_compute_kernel_path): per tile the
input copied to Dst 0 and 1, negative_tile(1), exp_tile<true>(1) (the approximate exp: tt-llk's SFPLOADMACRO
kernel), then logsigmoid_tile(0, 1, 0) (x and exp(-x) to log(sigmoid(x))); pack Dst 0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/logsigmoid_kernel.cpp. Runtime
args: num_tiles."""

from tensix.kernel import *  # noqa: F401,F403

FORK = "622c6fb9"


def kernel_main():
    num_tiles = get_arg_val(0)
    cb_input, cb_output = CBIndex.c_0, CBIndex.c_2
    init_sfpu(cb_input, cb_output)
    for _ in range(num_tiles):
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        tile_regs_acquire()
        copy_tile_to_dst_init_short(cb_input)
        copy_tile(cb_input, 0, 0)
        copy_tile(cb_input, 0, 1)
        negative_tile_init(version=FORK)
        negative_tile(1, version=FORK)
        exp_tile_init(approx=True, version=FORK)
        exp_tile(1, approx=True, version=FORK)
        logsigmoid_tile_init()
        logsigmoid_tile(0, 1, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        tile_regs_release()
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
