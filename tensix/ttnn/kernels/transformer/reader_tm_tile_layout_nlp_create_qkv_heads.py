"""Reader of ttnn.experimental.nlp_create_qkv_heads (interleaved): per block (one tile row of the fused input), the
q_num_tiles Q tiles into c_1, the kv_num_tiles K tiles into c_0 (TRANSPOSE_K_HEADS: the compute kernel transposes
them) or c_1, the kv_num_tiles V tiles into c_1, one tile at a time with a read barrier each. With
READ_FROM_INPUT_TENSOR_KV the K and V tiles come from the separate KV input.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/transformer/nlp_create_qkv_heads/device/kernels/
dataflow/reader_tm_tile_layout_nlp_create_qkv_heads.cpp. Compile-time args: q_num_tiles, kv_num_tiles, then the
TensorAccessorArgs of the input and of the KV input (or its placeholder). Runtime args: in0_tensor_addr,
in1_tensor_addr, num_blocks, in0_tensor_tile_id, in1_tensor_tile_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    in0_addr, in1_addr = get_arg_val(0), get_arg_val(1)
    num_blocks = get_arg_val(2)
    in0_id, in1_id = get_arg_val(3), get_arg_val(4)
    q_num_tiles = get_compile_time_arg_val(0)
    kv_num_tiles = get_compile_time_arg_val(1)
    in0_args = TensorAccessorArgs(2)
    cb_qv = 1
    cb_k = 0 if globals().get("TRANSPOSE_K_HEADS", 0) else 1
    bytes_qv = get_tile_size(cb_qv)
    bytes_k = get_tile_size(cb_k)
    s0 = TensorAccessor(in0_args, in0_addr, bytes_qv)
    s1 = None
    if globals().get("READ_FROM_INPUT_TENSOR_KV", 0):
        s1 = TensorAccessor(TensorAccessorArgs(in0_args.next_compile_time_args_offset()), in1_addr, bytes_qv)
    for _ in range(num_blocks):
        for _i in range(q_num_tiles):
            cb_reserve_back(cb_qv, 1)
            noc_async_read_tile(in0_id, s0, get_write_ptr(cb_qv))
            noc_async_read_barrier()
            cb_push_back(cb_qv, 1)
            in0_id += 1
        for cb in (cb_k, cb_qv):               # K heads, then V heads
            for _i in range(kv_num_tiles):
                cb_reserve_back(cb, 1)
                if s1 is not None:
                    noc_async_read_tile(in1_id, s1, get_write_ptr(cb))
                    in1_id += 1
                else:
                    noc_async_read_tile(in0_id, s0, get_write_ptr(cb))
                    in0_id += 1
                noc_async_read_barrier()
                cb_push_back(cb, 1)
