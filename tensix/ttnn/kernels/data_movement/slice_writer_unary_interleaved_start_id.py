"""Writer of ttnn.slice for tiled tensors (SliceTileProgramFactory): tiles of the CB to the output from start_id,
each write flushed, one barrier at the end.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/slice/device/kernels/dataflow/
writer_unary_interleaved_start_id.cpp. Compile-time args: the output's TensorAccessorArgs, then cb_out (a named
compile-time arg in tt-metal). Runtime args: dst_addr, num_pages, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import write_pages


def kernel_main():
    dst_addr = get_arg_val(0)
    num_pages = get_arg_val(1)
    start_id = get_arg_val(2)
    args = TensorAccessorArgs(0)
    cb_id_out = get_compile_time_arg_val(args.next_compile_time_args_offset())
    if num_pages == 0:
        return
    page_bytes = get_tile_size(cb_id_out)
    s = TensorAccessor(args, dst_addr, page_bytes)
    write_pages(cb_id_out, s, start_id, num_pages, page_bytes, flush_only=True)
