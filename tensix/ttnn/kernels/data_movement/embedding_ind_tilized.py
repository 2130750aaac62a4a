"""Reader of ttnn.embedding with tiled index tensors (EmbeddingsTilizedIndicesProgramFactory): this core's output
rows in the indices' row-major order, the tokens taken from the index tiles (read whole into c_1) face row by face
row, each token's weight row into c_0.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/embedding/device/kernels/dataflow/embedding_ind_tilized.cpp (with
embeddings_common.hpp: tensix's kernel_lib.EmbeddingTokens), its walk over faces and tiles as written, including the
ONLY_ONE_FACE_COLUMN define (at the end of index row 15 of a tile it steps to face 1 row 0, not face 2: rows 16 and
later that a core reaches from above get the wrong tokens, on the card as here), and its read of a whole index tile into c_1, which is smaller than a tile (the excess
lands in the CBs after c_1, as on the card). Defines: GENERIC / PADDED / BINARY, UINT32 / BFP16,
ONLY_ONE_FACE_COLUMN. Compile-time args: cb_id_in0, cb_id_in1, cb_id_in2, input_page_size, weight_stick_size,
row_length, input_block_size_bytes, the input's and the weights' TensorAccessorArgs, then (tensix) the input's
aligned page size. Runtime args: input addr, weight addr, tile_offset, face_offset, num_rows, curr_col,
starting_index, (PADDED) pad_token; the kernel takes the pad token from runtime arg 6 (starting_index), as tt-metal's
kernel does."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import EmbeddingTokens

FACE = 16
TILE_HEIGHT = 32
FACE_HW = FACE * FACE


def kernel_main():
    in_addr = get_arg_val(0)
    w_addr = get_arg_val(1)
    curr_tile = get_arg_val(2)
    offset = get_arg_val(3)
    num_rows = get_arg_val(4)
    col_offset = get_arg_val(5)
    index = get_arg_val(6)
    cb0, cb1, cb2, _in_page, w_stick, row_length = (get_compile_time_arg_val(i) for i in range(6))
    in_args = TensorAccessorArgs(7)
    w_args = TensorAccessorArgs(in_args.next_compile_time_args_offset())
    in_page = get_compile_time_arg_val(w_args.next_compile_time_args_offset())
    inp = TensorAccessor(in_args, in_addr, in_page)
    weights = TensorAccessor(w_args, w_addr, w_stick)
    tok = EmbeddingTokens(globals(), cb2, weights, w_stick, 6)      # arg 6, as tt-metal (its factory puts it at 7)
    one_face_col = bool(globals().get("ONLY_ONE_FACE_COLUMN"))
    cb_reserve_back(cb1, 1)
    idx_addr = get_write_ptr(cb1)
    n_tok = in_page // (2 if tok.bf16 else 4)
    tiles_per_row = -(-row_length // TILE_HEIGHT)
    read_indices = True
    ids = None
    for _ in range(num_rows):
        if read_indices:
            noc_async_read(get_noc_addr(curr_tile, inp), idx_addr, in_page)
            noc_async_read_barrier()
            ids = l1_ptr(idx_addr, tok.token_dtype, n_tok)
            read_indices = False
        cb_reserve_back(cb0, 1)
        tok.read(ids[index + offset], get_write_ptr(cb0), w_stick)
        noc_async_read_barrier()
        cb_push_back(cb0, 1)
        index += 1
        col_offset += 1
        if index == FACE or col_offset == row_length:
            index = 0
            face = offset // FACE_HW
            if col_offset == row_length:
                read_indices = True
                col_offset = 0
                if offset == TILE_HEIGHT * TILE_HEIGHT:
                    curr_tile += 1
                    offset = 0
                else:
                    curr_tile -= tiles_per_row - 1
                    if face % 2 == 0:
                        if one_face_col:
                            if face == 0:
                                if (offset - (FACE_HW - FACE)) & 0xFFFFFFFF < FACE:
                                    offset += FACE_HW
                                offset += FACE
                            elif (offset - (FACE_HW * 3 - FACE)) & 0xFFFFFFFF < FACE:
                                offset = 0
                                curr_tile += 1
                            else:
                                offset += FACE
                        else:
                            offset += FACE
                    else:
                        offset -= FACE * (FACE - 1)
            elif face % 2 == 0:
                offset += FACE_HW
            else:
                curr_tile += 1
                offset -= FACE_HW
                read_indices = True
