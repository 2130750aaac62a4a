"""Kernels of ttnn.experimental.paged_update_cache / paged_fill_cache / paged_fused_update_cache (tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/experimental/paged_cache/device/kernels/), one file per tt-metal kernel."""
