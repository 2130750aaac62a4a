"""Compute kernel of binary_ng's WHERE_TTS / WHERE_TST with a subtile broadcast the reader performs (COL_A / COL_B,
SCALAR_A / SCALAR_B, and ROW_A_COL_B / ROW_B_COL_A without the LLK broadcast): per group of tile_freq output tiles
(the first from tile_start) the broadcast input's CB (BCAST_INPUT 0: the condition c_0, 1: the tensor c_1) is waited
for once and popped after the group, the other per tile; per tile the condition to Dst 0 and the tensor to Dst 1
(TTS: the true value) or Dst 2 (TST: the false value), the number filled into the other one (fill_tile_init, then
FILL_LLK), BINARY_SFPU_OP(0, 1, 2, 0), Dst 0 packed into c_2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels/compute/eltwise_where_sfpu.cpp.
Defines: BINARY_SFPU_INIT (where_tile_init), BINARY_SFPU_OP (a callable of (idst0, idst1, idst2, odst)),
WHERE_TTS / WHERE_TST, BCAST_INPUT, FILL_LLK (a callable of (idst, word): as in eltwise_where_no_bcast.py, the
runtime word for fill_tile - tensix's fill_tile takes the float's bits - or fill_tile_int; WHERE_TST is its
negation here). The per-tile body is eltwise_where_api.where_tiles. Runtime args:
num_tiles, tile_freq, tile_start, the packed scalar; compile-time: num_tiles_per_cycle."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_where_api import where_tiles


def kernel_main():
    num_tiles, tile_freq, tile_start = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    scalar_value = get_arg_val(3)
    per_cycle = get_compile_time_arg_val(0)
    if num_tiles == 0:
        return
    cb_in0, cb_in1, cb_out = CBIndex.c_0, CBIndex.c_1, CBIndex.c_2
    cb_bcast, cb_other = (cb_in1, cb_in0) if BCAST_INPUT else (cb_in0, cb_in1)
    unary_op_init_common(cb_in0, cb_out)
    BINARY_SFPU_INIT()

    def process(freq, start):
        cb_wait_front(cb_bcast, per_cycle)
        for _ in range(start, freq):
            cb_wait_front(cb_other, per_cycle)
            cb_reserve_back(cb_out, per_cycle)
            where_tiles(cb_in0, cb_in1, cb_out, per_cycle, scalar_value, WHERE_TTS, FILL_LLK, BINARY_SFPU_OP)
            cb_push_back(cb_out, per_cycle)
            cb_pop_front(cb_other, per_cycle)
        cb_pop_front(cb_bcast, per_cycle)

    in_groups(num_tiles, tile_freq, tile_start, process)
