"""Kernels of the TTNN ops, one file per tt-metal kernel (each names the tt-metal source and commit it ports).
They are loaded by path with tensix.metalium.CreateKernel (kernel_main() in each file), defines injected as globals
as tt-metal passes -D defines to the kernel compiler."""
