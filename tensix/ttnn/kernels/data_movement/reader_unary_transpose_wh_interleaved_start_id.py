"""Reader of ttnn.transpose(-2, -1) for tiled tensors (TransposeWHProgramFactory) and of permute's tile-invariant
factory's callers: num_tiles tiles into c_0 in N, Wt, Ht order (down each tile column, then the next column, then
the next batch), so the compute kernel sees the tiles of the transposed tensor in output order.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_wh_interleaved_start_id.cpp. Compile-time args: the source's TensorAccessorArgs. Runtime
args: src_addr, num_tiles, start_id, start_ht, start_wt, Ht, Wt, HtWt."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    i_tile = get_arg_val(2)
    ht = get_arg_val(3)
    wt = get_arg_val(4)
    Ht = get_arg_val(5)
    Wt = get_arg_val(6)
    HtWt = get_arg_val(7)
    cb = 0
    tile_bytes = get_tile_size(cb)
    s = TensorAccessor(TensorAccessorArgs(0), src_addr, tile_bytes)
    for _ in range(num_tiles):
        cb_reserve_back(cb, 1)
        noc_async_read(get_noc_addr(i_tile, s), get_write_ptr(cb), tile_bytes)
        noc_async_read_barrier()
        cb_push_back(cb, 1)
        i_tile += Wt
        ht += 1
        if ht == Ht:
            ht = 0
            i_tile += 1
            wt += 1
            if wt == Wt:
                wt = 0
                i_tile -= Wt
            else:
                i_tile -= HtWt
