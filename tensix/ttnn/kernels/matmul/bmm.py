"""Compute kernel of the MatmulMultiCore program: for each output tile (batch x Mt x Nt of its compile-time args),
the sum over Kt of in0 tile x in1 tile with matmul_tiles into Dst 0, packed to c_16.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/compute/bmm.cpp. Compile-time args: batch,
Mt, Kt, Nt; named args cb_in0, cb_in1, cb_out."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    batch = get_compile_time_arg_val(0)
    Mt = get_compile_time_arg_val(1)
    Kt = get_compile_time_arg_val(2)
    Nt = get_compile_time_arg_val(3)
    cb_in0, cb_in1, cb_out = NAMED["cb_in0"], NAMED["cb_in1"], NAMED["cb_out"]

    compute_kernel_hw_startup[SrcOrder.Reverse](cb_in0, cb_in1, cb_out)
    matmul_init(cb_in0, cb_in1)
    for nb in range(batch):
        for mt_C in range(Mt):
            for nt_C in range(Nt):
                tile_regs_acquire()
                for kt in range(Kt):
                    cb_wait_front(cb_in0, 1)
                    cb_wait_front(cb_in1, 1)
                    matmul_tiles(cb_in0, cb_in1, 0, 0, 0)
                    cb_pop_front(cb_in0, 1)
                    cb_pop_front(cb_in1, 1)
                tile_regs_commit()
                cb_reserve_back(cb_out, 1)
                tile_regs_wait()
                pack_tile(0, cb_out)
                tile_regs_release()
                cb_push_back(cb_out, 1)
