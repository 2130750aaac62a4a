"""Compute kernel of binary_ng's WHERE_TTS / WHERE_TST without a subtile broadcast: per tile the condition (c_0) to
Dst 0 and the tensor operand (c_1) to Dst 1 (TTS: the true value) or Dst 2 (TST: the false value), the scalar filled
into the other one (fill_tile_init, then FILL_LLK), where_tile(0, 1, 2, 0), Dst 0 packed into c_2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/compute/
eltwise_where_no_bcast.cpp. Defines: BINARY_SFPU_INIT (where_tile_init) and BINARY_SFPU_OP (a callable of
(idst0, idst1, idst2, odst): where_tile<format>), WHERE_TTS / WHERE_TST, FILL_LLK: a callable of (idst, word): the
C++ passes the runtime word reinterpreted as a float to fill_tile (FILL_WITH_VALUE_FLOAT) or the word itself to
fill_tile_int (FILL_WITH_VALUE_INT); tensix's fill_tile takes the float's bits, so both get the word. Runtime args:
num_tiles, (freq, counter: unused), the packed scalar; compile-time: num_tiles_per_cycle."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    scalar_value = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    cb_in0, cb_in1, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    unary_op_init_common(cb_in0, cb_out)
    BINARY_SFPU_INIT()
    for _ in range(num_tiles):
        cb_wait_front(cb_in0, per_cycle)
        cb_wait_front(cb_in1, per_cycle)
        cb_reserve_back(cb_out, per_cycle)
        tile_regs_acquire()
        copy_tile_to_dst_init_short(cb_in0)
        for i in range(per_cycle):
            copy_tile(cb_in0, i, i * 3)
        copy_tile_to_dst_init_short(cb_in1)
        for i in range(per_cycle):
            if WHERE_TTS:       # the tensor is the true value (Dst 1), the scalar the false one (Dst 2)
                copy_tile(cb_in1, i, i * 3 + 1)
                fill_tile_init()
                FILL_LLK(i * 3 + 2, scalar_value)
            if WHERE_TST:       # the tensor is the false value (Dst 2), the scalar the true one (Dst 1)
                copy_tile(cb_in1, i, i * 3 + 2)
                fill_tile_init()
                FILL_LLK(i * 3 + 1, scalar_value)
            BINARY_SFPU_OP(i * 3, i * 3 + 1, i * 3 + 2, i * 3)
        tile_regs_commit()
        tile_regs_wait()
        for i in range(per_cycle):
            pack_tile(i * 3, cb_out)
        tile_regs_release()
        cb_push_back(cb_out, per_cycle)
        cb_pop_front(cb_in0, per_cycle)
        cb_pop_front(cb_in1, per_cycle)
