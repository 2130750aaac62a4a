"""Reader of ttnn.transpose(1, 2) for tiled tensors (TransposeHCTiledInterleavedProgramFactory) and of permute's
tile-row-invariant factory: tiles start_id .. start_id + num_tiles - 1 into c_0 (with swap_hw: tile i counts Ht
fastest, then Wt, then the outer dims, so the compute kernel's transposes come in the swapped order), then, if the
output's channel tiles need padding, one page of c_1 filled with the pad value.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_hc_interleaved_tiled_padding_aware.cpp. Compile-time args: the source's TensorAccessorArgs,
then tt-metal's named args in this order: num_writes, padding_val_packed, needs_padding, swap_hw, H, W,
accumulated_outer_dims, tile_height, tile_width. Runtime args: src_addr, num_tiles, start_id."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement.kernel_lib import fill_with_val


def kernel_main():
    src_addr = get_arg_val(0)
    num_tiles = get_arg_val(1)
    start_id = get_arg_val(2)
    args = TensorAccessorArgs(0)
    o = args.next_compile_time_args_offset()
    num_writes, padding_val_packed, needs_padding, swap_hw, H, W, outer, TH, TW = (
        get_compile_time_arg_val(o + i) for i in range(9))
    Wt = -(-W // TW)
    Ht = -(-H // TH)
    HtWt = Ht * Wt
    cb = 0
    tile_bytes = get_tile_size(cb)
    s = TensorAccessor(args, src_addr, tile_bytes)
    ids = range(start_id, start_id - num_tiles, -1) if globals().get("BACKWARDS") else \
        range(start_id, start_id + num_tiles)
    for i in ids:
        if swap_hw:
            ht = i % Ht
            rem = i // Ht
            wt = rem % Wt
            idx = (rem // Wt) % outer * HtWt + ht * Wt + wt
        else:
            idx = i
        cb_reserve_back(cb, 1)
        noc_async_read(get_noc_addr(idx, s), get_write_ptr(cb), tile_bytes)
        noc_async_read_barrier()
        cb_push_back(cb, 1)
    if needs_padding == 1:
        cb_reserve_back(1, 1)
        fill_with_val(get_write_ptr(1), num_writes, padding_val_packed)
        cb_push_back(1, 1)
