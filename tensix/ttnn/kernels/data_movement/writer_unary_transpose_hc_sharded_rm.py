"""Writer-RISC half of ttnn.transpose(1, 2) on natively HEIGHT sharded row-major tensors
(TransposeHCShardedProgramFactory, USE_SPECIAL_CASE only): the second part of this core's output shard gathered as
the reader kernel gathers the first (see reader_unary_transpose_hc_sharded_rm), from src_read_stick_offset into the
input shards and dst_write_stick_offset into the output shard.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
writer_unary_transpose_hc_sharded_rm.cpp. Compile-time args: cb_in, cb_out, stick_size. Runtime args:
read_single_h_block_per_core, num_C_blocks_per_core, num_sticks_per_shard_core, num_cores_read, read_stick_stride,
src_read_stick_offset, dst_write_stick_offset, then num_cores_read stick offsets, NoC x's and NoC y's."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.reader_unary_transpose_hc_sharded_rm import _read_blocks


def kernel_main():
    cb_in = get_compile_time_arg_val(0)
    cb_out = get_compile_time_arg_val(1)
    stick = get_compile_time_arg_val(2)
    _read_blocks(7, cb_in, cb_out, stick, get_arg_val(0) == 1, get_arg_val(1), get_arg_val(2), get_arg_val(3),
                 get_arg_val(4), get_arg_val(5), get_arg_val(6))
