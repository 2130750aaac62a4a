"""Compute kernel of ttnn.logit (UnaryOpType::LOGIT's own kernel, get_compute_kernel_path): per tile the input copied
to Dst 0, clamped to [lo, hi] (clamp_tile with the two packed scalars) where the CLAMP define is set (eps >= 0), packed
to the scratch CB c_1; then that tile copied to Dst 0 and 1, rsub_tile(0, 1.0f) (Dst 0 = 1 - x), div_binary_tile(1, 0,
0) (Dst 0 = x / (1 - x)), log_tile(0), packed to c_2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/logit_kernel.cpp. Runtime args:
num_tiles, packed_scalar1 (lo), packed_scalar2 (hi). Defines: CLAMP."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    packed_scalar1 = get_arg_val(1)
    packed_scalar2 = get_arg_val(2)
    cb_input, cb_tmp0, cb_output = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    clamp = bool(globals().get("CLAMP", 0))
    init_sfpu(cb_input, cb_output)
    for _ in range(num_tiles):
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        cb_reserve_back(cb_tmp0, 1)
        tile_regs_acquire()
        copy_tile_init(cb_input)
        copy_tile(cb_input, 0, 0)
        if clamp:
            clamp_tile_init()
            clamp_tile(0, packed_scalar1, packed_scalar2)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_tmp0)
        tile_regs_release()
        cb_push_back(cb_tmp0, 1)
        cb_wait_front(cb_tmp0, 1)

        tile_regs_acquire()
        copy_tile_init(cb_tmp0)
        copy_tile(cb_tmp0, 0, 0)
        copy_tile(cb_tmp0, 0, 1)
        rsub_tile_init()
        rsub_tile(0, 0x3F800000)      # 1.0 - x
        div_binary_tile_init()
        div_binary_tile(1, 0, 0)
        log_tile_init()
        log_tile(0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        tile_regs_release()
        cb_pop_front(cb_tmp0, 1)
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
