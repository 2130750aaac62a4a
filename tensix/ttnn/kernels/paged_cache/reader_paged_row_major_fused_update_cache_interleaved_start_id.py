"""Reader of ttnn.experimental.paged_fused_update_cache with row-major inputs: the tiled program's reader but for the
shard it announces to compute: one page (the user's rows as they are) instead of Wt tiles.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/dataflow/
reader_paged_row_major_fused_update_cache_interleaved_start_id.cpp (its arguments are the tiled reader's: see
reader_paged_fused_update_cache_interleaved_start_id.py, whose body both run)."""

from tensix.ttnn.kernels.paged_cache.reader_paged_fused_update_cache_interleaved_start_id import fused_reader


def kernel_main():
    fused_reader(input_pages_per_user=1)
