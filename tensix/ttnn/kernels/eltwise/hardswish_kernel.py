"""Compute kernel of ttnn.hardswish (UnaryOpType::HARDSWISH's own kernel, get_compute_kernel_path): per tile the
input copied to Dst 0 and 1, hardsigmoid_tile on 0, then x * hardsigmoid(x): for a float32 input (INP_FLOAT32)
mul_binary_tile(0, 1, 0) on the SFPU, for a bfloat16 / bfloat8_b one (INP_FLOAT) the FPU's ELWMUL with Dst 0 moved
into SrcA and the input tile unpacked into SrcB (binary_dest_reuse_tiles<ELWMUL, DEST_TO_SRCA>); pack.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/hardswish_kernel.cpp. Runtime
args: num_tiles. Defines: INP_FLOAT32 / INP_FLOAT (the unary factory's input dtype define)."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    cb_input, cb_output = CBIndex.c_0, CBIndex.c_2
    fp32_input = bool(globals().get("INP_FLOAT32", 0))
    float_input = bool(globals().get("INP_FLOAT", 0))
    init_sfpu(cb_input, cb_output)
    for _ in range(num_tiles):
        tile_regs_acquire()
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        copy_tile_to_dst_init_short(cb_input)
        copy_tile(cb_input, 0, 0)
        copy_tile(cb_input, 0, 1)
        hardsigmoid_tile_init()
        hardsigmoid_tile(0)
        if fp32_input:
            mul_binary_tile_init()
            mul_binary_tile(0, 1, 0)
        if float_input:
            reuse = (EltwiseBinaryType.ELWMUL, EltwiseBinaryReuseDestType.DEST_TO_SRCA)
            binary_dest_reuse_tiles_init[reuse](cb_input)
            binary_dest_reuse_tiles[reuse](cb_input, 0, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
        tile_regs_release()
