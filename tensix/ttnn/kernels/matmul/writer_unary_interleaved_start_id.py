"""Writer of the MatmulMultiCore program: num_pages pages of c_16 (named cb_out) to pages start_id .. of the
interleaved output, flushed per page, one barrier at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
writer_unary_interleaved_start_id.cpp (no OUT_SHARDED, no BACKWARDS). Compile-time args: the output
TensorAccessorArgs (0). Runtime args: dst_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr, num_pages, start_id = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    cb_id_out = NAMED["cb_out"]
    s = TensorAccessor(TensorAccessorArgs(0), dst_addr, get_tile_size(cb_id_out))
    for i in range(start_id, start_id + num_pages):
        cb_wait_front(cb_id_out, 1)
        noc_async_write_tile(i, s, get_read_ptr(cb_id_out))
        noc_async_writes_flushed()
        cb_pop_front(cb_id_out, 1)
    noc_async_write_barrier()
