"""Reader of ttnn.argmax's NC program (a reduction over a non-HW dim of a TILE input): for each of this core's output
tiles, the num_reduce_tiles input tiles along the reduced dim (inner_tile_size apart) into c_0, one at a time.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/reader_argmax_nc.cpp.
Compile-time args: the input's TensorAccessorArgs. Runtime args: input_addr, num_output_tiles, start_id,
num_reduce_tiles, reduce_tile_size, inner_tile_size, dim_is_zero."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    input_addr = get_arg_val(0)
    num_output_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    num_reduce_tiles = get_arg_val(3)
    reduce_tile_size = get_arg_val(4)
    inner_tile_size = get_arg_val(5)
    dim_is_zero = get_arg_val(6) != 0
    cb_in0 = 0
    s0 = TensorAccessor(TensorAccessorArgs(0), input_addr, get_tile_size(cb_in0))
    for out_i in range(num_output_tiles):
        out_id = start_id + out_i
        read_id = out_id if dim_is_zero else (out_id // inner_tile_size) * reduce_tile_size + out_id % inner_tile_size
        for _k in range(num_reduce_tiles):
            cb_reserve_back(cb_in0, 1)
            noc_async_read_tile(read_id, s0, get_write_ptr(cb_in0))
            noc_async_read_barrier()
            cb_push_back(cb_in0, 1)
            read_id += inner_tile_size
