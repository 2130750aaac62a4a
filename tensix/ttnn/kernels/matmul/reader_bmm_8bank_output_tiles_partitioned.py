"""Reader of the MatmulMultiCore program: for each of the core's output tiles (num_output_tiles from
output_tile_start_id on, row-major over batch, Mt, Nt), the Kt tiles of the in0 row and in1 column, one tile of each
per step into c_0 / c_1 (the last K tile of in0 padded with zeros beyond the logical K: pad_last_ktile).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/
reader_bmm_8bank_output_tiles_partitioned.cpp. Compile-time args: in0_last_ktile_w, in0_last_ktile_h, the
TensorAccessorArgs of in0 (2) and in1. Runtime args: in0 and in1 addresses, Mt, Kt, Nt, MtKt, KtNt, batch, bcast_B,
output_tile_start_id, num_output_tiles, MtNt."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import pad_last_ktile, pad_last_transposed_ktile


def kernel_main():
    src0_addr = get_arg_val(0)
    src1_addr = get_arg_val(1)
    Kt = get_arg_val(3)
    Nt = get_arg_val(4)
    KtNt = get_arg_val(6)
    bcast_B = get_arg_val(8)
    output_tile_start_id = get_arg_val(9)
    num_output_tiles = get_arg_val(10)
    MtNt = get_arg_val(11)

    in0_last_ktile_w = get_compile_time_arg_val(0)
    in0_last_ktile_h = get_compile_time_arg_val(1)
    src0_args = TensorAccessorArgs(2)
    src1_args = TensorAccessorArgs(src0_args.next_compile_time_args_offset())

    cb_id_in0 = NAMED["cb_in0"]
    cb_id_in1 = NAMED["cb_in1"]
    in0_tile_bytes = get_tile_size(cb_id_in0)
    in1_tile_bytes = get_tile_size(cb_id_in1)
    in0_data_format = get_dataformat(cb_id_in0)

    itileA = output_tile_start_id // Nt * Kt        # in0 row = output row * in0 width
    outbatch = output_tile_start_id % MtNt
    itileB_batch = output_tile_start_id % Nt
    itileB = itileB_batch                            # in1 column = output column when broadcasting
    if bcast_B == 0:
        itileB += output_tile_start_id // MtNt * KtNt

    s0 = TensorAccessor(src0_args, src0_addr, in0_tile_bytes)
    s1 = TensorAccessor(src1_args, src1_addr, in1_tile_bytes)

    for n in range(num_output_tiles):
        for kt in range(Kt):
            cb_reserve_back(cb_id_in0, 1)
            l1 = get_write_ptr(cb_id_in0)
            noc_async_read_tile(itileA, s0, l1)
            noc_async_read_barrier()
            if kt == Kt - 1:
                if in0_last_ktile_w > 0:
                    pad_last_ktile(in0_data_format, l1, in0_last_ktile_w)
                if in0_last_ktile_h > 0:
                    pad_last_transposed_ktile(in0_data_format, l1, in0_last_ktile_h)
            cb_push_back(cb_id_in0, 1)

            cb_reserve_back(cb_id_in1, 1)
            noc_async_read_tile(itileB, s1, get_write_ptr(cb_id_in1))
            noc_async_read_barrier()
            cb_push_back(cb_id_in1, 1)

            itileA += 1         # A is MK
            itileB += Nt        # B is KN: k + 1 is Nt tiles on
        outbatch += 1
        itileB_batch += 1
        itileB -= KtNt          # back to the top of the column
        itileB += 1             # the next column
        if itileB_batch == Nt:
            itileB_batch = 0
            itileB -= Nt        # back to the first column of the batch
            if outbatch == MtNt:
                if bcast_B == 0:
                    itileB += KtNt
                outbatch = 0
        else:
            itileA -= Kt        # the same row of A again
