"""Kernels of ttnn.update_cache / ttnn.fill_cache (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/kv_cache/device/kernels/)
and of the paged ops of ttnn.experimental (experimental/paged_cache/device/kernels/), one file per tt-metal kernel."""
