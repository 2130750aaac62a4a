"""Reader of ttnn.experimental.nlp_concat_heads (interleaved): per block (one tile row of one batch), the head_dim
tiles of every head at that tile row, head after head, into c_0 at consecutive L1 addresses from the block's first
write pointer (c_0 holds two blocks, so a block never wraps), one tile per reserve / barrier / push. After a block
the tile id moves to the next tile row, or at the end of a batch past its last tile.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/nlp_concat_heads/device/kernels/dataflow/
reader_tm_tile_layout_nlp_concat_heads.cpp. Compile-time args: in0_h_tiles, in0_w_tiles, in0_c, in0_HtWt, then the
input's TensorAccessorArgs. Runtime args: in0_tensor_addr, num_blocks, in0_h_dim, in0_tensor_tile_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    addr = get_arg_val(0)
    num_blocks = get_arg_val(1)
    h_dim = get_arg_val(2)
    tile_id = get_arg_val(3)
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    C = get_compile_time_arg_val(2)
    HtWt = get_compile_time_arg_val(3)
    cb_in0 = 0
    tile_bytes = get_tile_size(cb_in0)
    s0 = TensorAccessor(TensorAccessorArgs(4), addr, tile_bytes)
    for _ in range(num_blocks):
        l1 = get_write_ptr(cb_in0)
        along_c = tile_id
        for _c in range(C):
            cur = along_c
            for _w in range(Wt):
                cb_reserve_back(cb_in0, 1)
                noc_async_read_tile(cur, s0, l1)
                l1 += tile_bytes
                cur += 1
                noc_async_read_barrier()
                cb_push_back(cb_in0, 1)
            along_c += HtWt
        h_dim += 1
        if h_dim < Ht:
            tile_id += Wt
        else:
            tile_id = cur
            h_dim = 0
