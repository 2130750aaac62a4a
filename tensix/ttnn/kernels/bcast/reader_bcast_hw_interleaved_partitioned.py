"""Reader of bcast HW (BcastMultiCoreHWProgramFactory): this core's num_tiles consecutive tiles of a (from
base_start_id_HtWt + curr_id_from_base), each with b's tile of its batch (bcast_id, moving on at every batch
boundary); with BCAST_SCALAR (b has one batch) b's tile is read once, before the loop. IN0_SHARDED: a's tiles are
already in c_0 (its shard), only reserved and pushed.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/bcast/device/kernels/dataflow/
reader_bcast_hw_interleaved_partitioned.cpp. Compile-time args: a's TensorAccessorArgs (unless IN0_SHARDED), then
b's. Runtime args: src0_addr, src1_addr, num_tiles, HtWt, base_start_id_HtWt, curr_id_from_base, bcast_id."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    src0_addr = get_arg_val(0)
    src1_addr = get_arg_val(1)
    num_tiles = get_arg_val(2)
    HtWt = get_arg_val(3)
    base_start_id_HtWt = get_arg_val(4)
    curr_id_from_base = get_arg_val(5)
    bcast_id = get_arg_val(6)
    in0_sharded = bool(globals().get("IN0_SHARDED"))
    scalar = bool(globals().get("BCAST_SCALAR"))
    cb_in0, cb_in1 = 0, 1
    tile_bytes_0 = get_tile_size(cb_in0)
    tile_bytes_1 = get_tile_size(cb_in1)
    if in0_sharded:
        args1 = TensorAccessorArgs(0)
        cb_reserve_back(cb_in0, num_tiles)
        cb_push_back(cb_in0, num_tiles)
    else:
        args0 = TensorAccessorArgs(0)
        args1 = TensorAccessorArgs(args0.next_compile_time_args_offset())
        s0 = TensorAccessor(args0, src0_addr, tile_bytes_0)
    s1 = TensorAccessor(args1, src1_addr, tile_bytes_1)

    if scalar:
        cb_reserve_back(cb_in1, 1)
        noc_async_read_tile(bcast_id, s1, get_write_ptr(cb_in1))
        noc_async_read_barrier()
        cb_push_back(cb_in1, 1)

    for _ in range(num_tiles):
        curr_id = base_start_id_HtWt + curr_id_from_base
        if not in0_sharded:
            cb_reserve_back(cb_in0, 1)
            noc_async_read_tile(curr_id, s0, get_write_ptr(cb_in0))
            noc_async_read_barrier()
            cb_push_back(cb_in0, 1)
        curr_id_from_base += 1
        if not scalar:
            cb_reserve_back(cb_in1, 1)
            noc_async_read_tile(bcast_id, s1, get_write_ptr(cb_in1))
            noc_async_read_barrier()
            cb_push_back(cb_in1, 1)
        if curr_id_from_base == HtWt:
            if not scalar:
                bcast_id += 1        # b's next batch
            base_start_id_HtWt += HtWt
            curr_id_from_base = 0
