"""Writer of ttnn.var / ttnn.std over H and W (WelfordReduceProgramFactory, reduce_dim HW): per output, the compute
kernel's per-column (mean, variance) tile pairs (c_21, Float32, the values in tile row 0: face 0 for columns 0-15,
face 1 for 16-31; the last column tile's W % 32 valid columns only) combined on the RISC-V in float32 by the
pairwise Welford merge (welford_combine.h ``combine``, each column a group of H samples), Bessel's correction applied
(* N / (N - 1)), the scalar written at [0, 0] of a c_22 tile (its first face row zeroed; bfloat16 by round to
nearest even when the factory narrows c_22); then the compute kernel's output tile (c_16) written to the output.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/generic/device/kernels/dataflow/writer_welford_hw.cpp.
Compile-time args: Wt, W, tile_width, H, correction, reduce_batch_size, combined_is_bf16, the output's
TensorAccessorArgs. Runtime args: dst_addr, NC_per_core, output_tile_start_id."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403

F32 = np.float32


def _combine(a, b):
    """welford_combine.h combine(a, b) of (mean, variance, count), in the C++ order and types (float arithmetic,
    uint32 counts converted to float where they meet a float)."""
    am, av, ac = a
    bm, bv, bc = b
    n = ac + bc
    delta = bm - am
    mean = am + delta * (F32(bc) / F32(n))
    m2_a = av * F32(ac)
    m2_b = bv * F32(bc)
    var = (m2_a + m2_b + delta * delta * (F32(ac) * F32(bc) / F32(n))) / F32(n)
    return mean, var, n


def kernel_main():
    dst_addr = get_arg_val(0)
    NC_per_core = get_arg_val(1)
    output_tile_start_id = get_arg_val(2)
    Wt = get_compile_time_arg_val(0)
    W = get_compile_time_arg_val(1)
    tile_width = get_compile_time_arg_val(2)
    H = get_compile_time_arg_val(3)
    correction = get_compile_time_arg_val(4) != 0
    reduce_batch_size = get_compile_time_arg_val(5)
    combined_is_bf16 = get_compile_time_arg_val(6) != 0
    cb_partial, cb_combined, cb_out = CBIndex.c_21, CBIndex.c_22, CBIndex.c_16
    FACE_W = 16
    FACE_ELEMENTS = FACE_W * FACE_W
    last_tile_cols = tile_width if W % tile_width == 0 else W % tile_width
    partial_bytes = get_tile_size(cb_partial)
    out_bytes = get_tile_size(cb_out)
    tensor_out = TensorAccessor(TensorAccessorArgs(7), dst_addr, out_bytes)
    for out in range(NC_per_core // reduce_batch_size):
        running = (F32(0), F32(0), 0)
        for _b in range(reduce_batch_size):
            for wt in range(Wt):
                cb_wait_front(cb_partial, 2)
                means_addr = get_read_ptr(cb_partial)
                means = l1_ptr(means_addr, np.float32, 1024)
                variances = l1_ptr(means_addr + partial_bytes, np.float32, 1024)
                for c in range(tile_width if wt < Wt - 1 else last_tile_cols):
                    idx = c if c < FACE_W else FACE_ELEMENTS + c - FACE_W
                    running = _combine(running, (F32(means[idx]), F32(variances[idx]), H))
                cb_pop_front(cb_partial, 2)
        final_var = running[1]
        if correction:
            n = running[2]
            final_var = final_var * F32(n) / F32(n - 1)
        cb_reserve_back(cb_combined, 1)
        if combined_is_bf16:
            p = l1_ptr(get_write_ptr(cb_combined), np.uint16, FACE_W)
            p[:] = 0
            bits = int(np.asarray(final_var, F32).view(np.uint32))
            p[0] = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFFFFFF) >> 16     # fp32_to_bf16
        else:
            p = l1_ptr(get_write_ptr(cb_combined), np.float32, FACE_W)
            p[:] = 0
            p[0] = final_var
        cb_push_back(cb_combined, 1)
        cb_wait_front(cb_out, 1)
        noc_async_write_tile(output_tile_start_id + out, tensor_out, get_read_ptr(cb_out))
        noc_async_writes_flushed()
        cb_pop_front(cb_out, 1)
    noc_async_write_barrier()
