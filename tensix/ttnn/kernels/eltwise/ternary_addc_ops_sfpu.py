"""Compute kernel of ternary ADDCMUL / ADDCDIV (TTT, NONE / OUTER_BCAST / ROW_BCAST with the reader's fill): per tile
c_0, c_1, c_2 (input_a, input_b, input_c) copied to Dst 0, 1, 2 (copy_tile_init each), TERNARY_SFPU_OP_INIT /
TERNARY_SFPU_OP_FUNC(0, 1, 2, 0, scalar_arg), Dst 0 packed into c_3.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/compute/ternary_addc_ops_sfpu.cpp.
Defines: TERNARY_SFPU_OP_INIT (a callable of no arguments), TERNARY_SFPU_OP_FUNC (a callable of (idst0, idst1,
idst2, odst, value)): the factory's addcmul_tile / addcdiv_tile<format>. Runtime args: num_tiles, (freq, counter:
unused), scalar_arg (the value's float32 bits); compile-time: num_tiles_per_cycle (1)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    scalar_arg = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    cb_in = (CBIndex.c_0, CBIndex.c_1, CBIndex.c_2)
    cb_out = CBIndex.c_3
    unary_op_init_common(cb_in[0], cb_out)
    for _ in range(num_tiles):
        for cb in cb_in:
            cb_wait_front(cb, per_cycle)
        cb_reserve_back(cb_out, per_cycle)
        tile_regs_acquire()
        for i, cb in enumerate(cb_in):
            copy_tile_init(cb)
            copy_tile(cb, 0, i)
        TERNARY_SFPU_OP_INIT()
        TERNARY_SFPU_OP_FUNC(0, 1, 2, 0, scalar_arg)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, per_cycle)
        for cb in cb_in:
            cb_pop_front(cb, per_cycle)
