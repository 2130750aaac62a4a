"""Writer of ttnn.experimental.paged_fused_update_cache with row-major inputs: the tiled program's writer, but it
copies each head's row straight from the input's own shard (c_1 or c_2 by the is_input1 runtime arg, one page of
rows Wbytes apart: no untilize), and its CBs are c_7 (retilized output) and c_5 / c_6 (the untilized cache).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
writer_paged_row_major_fused_update_cache_interleaved_start_id.cpp. Compile-time args: cache_cb,
untilized_cache_cb, untilized_cache2_cb, input1_cb, input2_cb, then the tiled writer's from use_index_tensor on.
Runtime args: has_work, is_input1, then the tiled writer's (see writer_paged_fused_update_cache_interleaved_start_id.py,
whose body both run)."""

from tensix.ttnn.kernels.paged_cache.writer_paged_fused_update_cache_interleaved_start_id import fused_writer


def kernel_main():
    fused_writer(row_major=True)
