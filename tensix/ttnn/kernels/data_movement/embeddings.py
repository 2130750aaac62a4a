"""Reader of ttnn.embedding with row-major output (EmbeddingsRMProgramFactory): this core's output rows, each the
weight row of its index token, read into c_0 (in chunks when a row exceeds the L1 budget); the index tokens are read
a DRAM-alignment block at a time into c_1.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/embedding/device/kernels/dataflow/embeddings.cpp (with
embeddings_common.hpp: tensix's kernel_lib.EmbeddingTokens). Defines: GENERIC / PADDED / BINARY and UINT32 / BFP16.
Compile-time args: cb_id_in0, cb_id_in1, cb_id_in2, input_page_size, weight_stick_size, rows_per_block,
input_block_size_bytes, chunk_size, num_chunks, last_chunk_size, the input's and the weights' TensorAccessorArgs.
Runtime args: input addr, weight addr, batch_offset, weights_offset (bytes into the index row), num_rows, index_idx,
(PADDED) pad_token."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import EmbeddingTokens


def kernel_main():
    in_addr = get_arg_val(0)
    w_addr = get_arg_val(1)
    curr_row = get_arg_val(2)
    offset = get_arg_val(3)
    num_rows = get_arg_val(4)
    index = get_arg_val(5)
    cb0, cb1, cb2, in_page, w_stick, rows_per_block, block_bytes, chunk, n_chunks, last_chunk = (
        get_compile_time_arg_val(i) for i in range(10))
    in_args = TensorAccessorArgs(10)
    w_args = TensorAccessorArgs(in_args.next_compile_time_args_offset())
    inp = TensorAccessor(in_args, in_addr, in_page)
    weights = TensorAccessor(w_args, w_addr, w_stick)
    tok = EmbeddingTokens(globals(), cb2, weights, w_stick, 6)
    cb_reserve_back(cb1, 1)
    idx_addr = get_write_ptr(cb1)
    elem = block_bytes // rows_per_block
    read_indices = True
    ids = None
    for _ in range(num_rows):
        if read_indices:
            noc_async_read(get_noc_addr(curr_row, inp, offset), idx_addr, block_bytes)
            noc_async_read_barrier()
            ids = l1_ptr(idx_addr, tok.token_dtype, rows_per_block)
            read_indices = False
        token = ids[index]
        for c in range(n_chunks):
            cb_reserve_back(cb0, 1)
            tok.read(token, get_write_ptr(cb0), chunk if c < n_chunks - 1 else last_chunk, c * chunk)
            noc_async_read_barrier()
            cb_push_back(cb0, 1)
        index += 1
        end_of_page = offset + index * elem == in_page
        if index == rows_per_block or end_of_page:
            offset += block_bytes
            if end_of_page:
                offset = 0
                curr_row += 1
            index = 0
            read_indices = True


