"""Compute kernel of binary_ng's WHERE_TTS / WHERE_TST with a ROW broadcast by the LLK (ROW_A / ROW_B of one dtype):
per output tile both input CBs are waited for, the broadcast input's tile (SRC_BCAST: the condition c_0, SRC_BCAST_B:
the tensor c_1; the reader leaves it unfilled) is expanded with unary_bcast<ROW> into c_5 / c_6 (packer retargeted to
it and back, then llk_pack_hw_configure of c_2) and popped; then the where body (eltwise_where_api.where_tiles)
on the condition (c_5 or c_0) and the tensor (c_1 or c_6), both popped.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/compute/
eltwise_where_sfpu_row_bcast.cpp. unary_bcast_init runs llk_math_hw_configure, which puts the Src zero flag back
to its default (unary_op_init_common had turned it off): from the first tile on, copy_tile of a 16-bit format
writes +0 for -0.0 and denormals (tensix.kernel.compute._configure), so a bfloat16 -0.0 condition selects the
false value here, unlike eltwise_where_no_bcast. Defines: as eltwise_where_sfpu.py, with SRC_BCAST / SRC_BCAST_B
instead of BCAST_INPUT. Runtime args: num_tiles, (freq, counter: unused), the packed scalar; compile-time:
num_tiles_per_cycle."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_where_api import where_tiles


def kernel_main():
    num_tiles = get_arg_val(0)
    scalar_value = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    cb_in0, cb_in1, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    if SRC_BCAST:
        cb_bcast, cb_llk_post, cb_left, cb_right = cb_in0, CBIndex.c_5, CBIndex.c_5, cb_in1
    else:
        cb_bcast, cb_llk_post, cb_left, cb_right = cb_in1, CBIndex.c_6, cb_in0, CBIndex.c_6
    unary_op_init_common(cb_in0, cb_out)
    BINARY_SFPU_INIT()
    for _ in range(num_tiles):
        cb_wait_front(cb_in0, per_cycle)
        cb_wait_front(cb_in1, per_cycle)
        cb_reserve_back(cb_llk_post, per_cycle)
        pack_reconfig_data_format(cb_out, cb_llk_post)
        unary_bcast_init[BCAST_ROW](cb_bcast, cb_llk_post)
        tile_regs_acquire()
        unary_bcast[BCAST_ROW](cb_bcast, 0, 0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_llk_post)
        cb_push_back(cb_llk_post, per_cycle)
        tile_regs_release()
        cb_pop_front(cb_bcast, per_cycle)
        pack_reconfig_data_format(cb_llk_post, cb_out)
        pack_hw_configure(cb_out)
        cb_reserve_back(cb_out, per_cycle)
        cb_wait_front(cb_llk_post, per_cycle)
        where_tiles(cb_left, cb_right, cb_out, per_cycle, scalar_value, WHERE_TTS, FILL_LLK, BINARY_SFPU_OP)
        cb_push_back(cb_out, per_cycle)
        cb_pop_front(cb_left, per_cycle)
        cb_pop_front(cb_right, per_cycle)
