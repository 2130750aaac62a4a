"""Reader of ttnn.embedding with tiled output (EmbeddingsFusedProgramFactory): for each block of 32 index tokens, the
32 weight rows side by side in c_0 as the row-major block the compute kernel tilizes (one chunk per block unless a row
exceeds the L1 budget).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/embedding/device/kernels/dataflow/embeddings_tilize.cpp (with
embeddings_common.hpp: tensix's kernel_lib.EmbeddingTokens). Defines: GENERIC / PADDED / BINARY and UINT32 / BFP16.
Compile-time args: cb_id_in0, cb_id_in1, cb_id_in2, input_page_size, weight_page_size, weight_block_size,
tiles_per_chunk, input_block_size_bytes, num_chunks, last_chunk_tiles, the input's and the weights'
TensorAccessorArgs. Runtime args: input addr, weight addr, input_start_id, input_start_offset, weight_offset,
num_blocks, (PADDED) pad_token."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import EmbeddingTokens

TILE_HEIGHT = 32


def kernel_main():
    in_addr = get_arg_val(0)
    w_addr = get_arg_val(1)
    curr_row = get_arg_val(2)
    offset = get_arg_val(3)
    weight_offset = get_arg_val(4)
    num_blocks = get_arg_val(5)
    cb0, cb1, cb2, in_page, w_page, w_block, tiles_per_chunk, block_bytes, n_chunks, last_tiles = (
        get_compile_time_arg_val(i) for i in range(10))
    in_args = TensorAccessorArgs(10)
    w_args = TensorAccessorArgs(in_args.next_compile_time_args_offset())
    inp = TensorAccessor(in_args, in_addr, in_page)
    weights = TensorAccessor(w_args, w_addr + weight_offset, w_page)
    tok = EmbeddingTokens(globals(), cb2, weights, w_block, 6)
    cb_reserve_back(cb1, 1)
    idx_addr = get_write_ptr(cb1)
    tiles_per_block = (n_chunks - 1) * tiles_per_chunk + last_tiles
    row_bytes = w_block // tiles_per_block
    full_bytes = tiles_per_chunk * row_bytes
    last_bytes = last_tiles * row_bytes
    for _ in range(num_blocks):
        noc_async_read(get_noc_addr(curr_row, inp, offset), idx_addr, block_bytes)
        noc_async_read_barrier()
        ids = l1_ptr(idx_addr, tok.token_dtype, TILE_HEIGHT).copy()
        for c in range(n_chunks):
            last = c + 1 == n_chunks
            n_tiles = last_tiles if last else tiles_per_chunk
            size = last_bytes if last else full_bytes
            cb_reserve_back(cb0, n_tiles)
            l1 = get_write_ptr(cb0)
            for k in range(TILE_HEIGHT):
                tok.read(ids[k], l1, size, c * full_bytes)
                l1 += size
            noc_async_read_barrier()
            cb_push_back(cb0, n_tiles)
        offset += block_bytes
        if offset == in_page:
            offset = 0
            curr_row += 1
