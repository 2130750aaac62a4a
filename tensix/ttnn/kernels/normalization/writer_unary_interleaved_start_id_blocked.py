"""Writer of ttnn's layernorm / rms_norm (TILE output): per tile row its Wt tiles from cb_out, waited in blocks of
block_size pages (the last block's unused pages included), written from tile_offset.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
writer_unary_interleaved_start_id_blocked.cpp. Compile-time args: blk, the output's TensorAccessorArgs. Runtime
args: dst_addr, Wt, num_tile_rows, tile_offset."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import blocks


def kernel_main():
    dst_addr = get_arg_val(0)
    Wt = get_arg_val(1)
    num_tile_rows = get_arg_val(2)
    tile_offset = get_arg_val(3)
    blk = get_compile_time_arg_val(0)
    cb_out0 = CB_NAMES["cb_out"]
    tile_bytes = get_tile_size(cb_out0)
    s = TensorAccessor(TensorAccessorArgs(1), dst_addr, tile_bytes)
    tile_id = tile_offset
    for _h in range(num_tile_rows):
        for block in blocks(Wt, blk):
            cb_wait_front(cb_out0, block.full_block_size)
            rp = get_read_ptr(cb_out0)
            for i in block.local():
                noc_async_write_tile(tile_id, s, rp + i * tile_bytes)
                tile_id += 1
            noc_async_write_barrier()
            cb_pop_front(cb_out0, block.full_block_size)
