"""Writer of ttnn.experimental.nlp_create_qkv_heads (interleaved): per block (one tile row of the fused input), the
Q tiles of each head to [B, num_q_heads, S, head_dim] (head c at tile row h: tile c * HtWt + h * Wt + w), the K tiles
likewise ([B, num_kv_heads, head_dim, S] with TRANSPOSE_K_HEADS: the transposed tiles from c_16, each head's tiles
Ht apart), then the V tiles; one tile at a time with a write barrier each. After a block the tile ids move to the
next tile row, or at the end of a batch to the next batch.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/nlp_create_qkv_heads/device/kernels/
dataflow/writer_tm_tile_layout_nlp_create_qkv_heads.cpp. Compile-time args: q_out_h_tiles, q_out_w_tiles,
q_out_HtWt, q_out_c, kv_out_c, then the TensorAccessorArgs of Q, K, V. Runtime args: q_addr, k_addr, v_addr,
num_blocks, q_out_h_dim, q_out_tensor_tile_id, k_out_tensor_tile_id, v_out_tensor_tile_id."""

from tensix.kernel import *  # noqa: F401,F403


def _write(cb, acc, tile_id):
    cb_wait_front(cb, 1)
    noc_async_write_tile(tile_id, acc, get_read_ptr(cb))
    noc_async_write_barrier()
    cb_pop_front(cb, 1)


def _write_heads(cb, acc, start, heads, Wt, HtWt):
    """One tile row of `heads` heads: head c's Wt tiles from start + c * HtWt; returns the id after the last one."""
    cur = start
    for c in range(heads):
        cur = start + c * HtWt
        for _w in range(Wt):
            _write(cb, acc, cur)
            cur += 1
    return cur


def kernel_main():
    q_addr, k_addr, v_addr = get_arg_val(0), get_arg_val(1), get_arg_val(2)
    num_blocks = get_arg_val(3)
    h_dim = get_arg_val(4)
    q_id, k_id, v_id = get_arg_val(5), get_arg_val(6), get_arg_val(7)
    Ht = get_compile_time_arg_val(0)
    Wt = get_compile_time_arg_val(1)
    HtWt = get_compile_time_arg_val(2)
    q_c = get_compile_time_arg_val(3)
    kv_c = get_compile_time_arg_val(4)
    q_args = TensorAccessorArgs(5)
    k_args = TensorAccessorArgs(q_args.next_compile_time_args_offset())
    v_args = TensorAccessorArgs(k_args.next_compile_time_args_offset())
    cb_qv = 1
    transpose = bool(globals().get("TRANSPOSE_K_HEADS", 0))
    cb_k = 16 if transpose else 1
    sq = TensorAccessor(q_args, q_addr, get_tile_size(cb_qv))
    sk = TensorAccessor(k_args, k_addr, get_tile_size(cb_k))
    sv = TensorAccessor(v_args, v_addr, get_tile_size(cb_qv))
    for _ in range(num_blocks):
        q_cur = _write_heads(cb_qv, sq, q_id, q_c, Wt, HtWt)
        if transpose:
            k_cur = k_id
            for _c in range(kv_c):
                for _w in range(Wt):
                    _write(cb_k, sk, k_cur)
                    k_cur += Ht          # a transposed head's tiles run down its columns
        else:
            k_cur = _write_heads(cb_k, sk, k_id, kv_c, Wt, HtWt)
        v_cur = _write_heads(cb_qv, sv, v_id, kv_c, Wt, HtWt)
        h_dim += 1
        if h_dim < Ht:
            q_id += Wt
            k_id += 1 if transpose else Wt
            v_id += Wt
        else:                            # the batch is done: continue after its last tile
            q_id = q_cur
            if transpose:
                k_cur += 1
                k_id = k_cur - Ht
            else:
                k_id = k_cur
            v_id = v_cur
            h_dim = 0
