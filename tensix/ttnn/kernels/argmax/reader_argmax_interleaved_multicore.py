"""Reader of ttnn.argmax's multi-core program (ROW_MAJOR input, reduction over the last dim or over everything): each
core scans its slice of the reduction dim of every row (c_0), keeps (max value, index) per output element in its slot
of c_3 / c_2 and sends the slot to the same place in the reduce core's c_3 / c_2; the reduce core (core_id 0) waits
for all of them on the done semaphore, merges the slots in core order (a greater value wins, an equal one with a lower
index) and writes the output page from c_1. Per outer index k > 0 the reduce core first releases the workers with the
start semaphore (k + 1, multicast over the program's two core ranges).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/argmax/device/kernels/reader_argmax_interleaved_multicore.cpp
(find_argmax_for_core, find_argmax_from_intermediate_outputs; Semaphore<>::set / set_multicast / up / wait as
noc_semaphore_set / noc_semaphore_set_multicast(_loopback_src) / noc_semaphore_inc / noc_semaphore_wait). The scalar
compare loops are argmax_lib.scan over the row, charged per element.
Compile-time args: src_cb, dst_cb, red_idxs_cb, red_vals_cb, src_page_size, dst_page_size, red_idx_size_per_core,
red_val_size_per_core, outer_dim_units, inner_dim_units, red_dim_units, reduce_all, num_cores, reduce_core_id, the
reduce core's NoC x, y, the two ranges' multicast corners (x0, y0, x1, y1 each), num_cores0, num_cores1, start_sem,
done_sem, then the input's and the output's TensorAccessorArgs. Runtime args: src_addr, dst_addr, core_id,
src_offset, red_dim_offset, src_read_size, red_dim_units_this_core."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.argmax.argmax_lib import (CYCLES_PER_ELEMENT, default_key, default_word, order_key, scan,
                                                    word_dtype)


def kernel_main():
    src_base_addr = get_arg_val(0)
    dst_base_addr = get_arg_val(1)
    core_id = get_arg_val(2)
    src_offset = get_arg_val(3)
    red_dim_offset = get_arg_val(4)
    src_read_size = get_arg_val(5)
    units_this_core = get_arg_val(6)
    src_cb, dst_cb, red_idxs_cb, red_vals_cb = (get_compile_time_arg_val(i) for i in range(4))
    dst_page_size = get_compile_time_arg_val(5)
    red_idx_size_per_core = get_compile_time_arg_val(6)
    red_val_size_per_core = get_compile_time_arg_val(7)
    outer_dim_units = get_compile_time_arg_val(8)
    inner_dim_units = get_compile_time_arg_val(9)
    red_dim_units = get_compile_time_arg_val(10)
    reduce_all = bool(get_compile_time_arg_val(11))
    num_cores = get_compile_time_arg_val(12)
    reduce_core_id = int(bool(get_compile_time_arg_val(13)))     # the C++ casts it to bool
    reduce_x, reduce_y = get_compile_time_arg_val(14), get_compile_time_arg_val(15)
    mc0 = [get_compile_time_arg_val(i) for i in range(16, 20)]
    mc1 = [get_compile_time_arg_val(i) for i in range(20, 24)]
    num_cores0, num_cores1 = get_compile_time_arg_val(24), get_compile_time_arg_val(25)
    start_sem = get_semaphore(get_compile_time_arg_val(26))
    done_sem = get_semaphore(get_compile_time_arg_val(27))
    src_args = TensorAccessorArgs(28)
    dst_args = TensorAccessorArgs(src_args.next_compile_time_args_offset())

    fmt = get_dataformat(src_cb)
    wdt = word_dtype(fmt)
    elem = np.dtype(wdt).itemsize
    # the C++ TensorAccessor knows the buffers' own page sizes: a row of the input, a row of uint32 indices
    s_src = TensorAccessor(src_args, src_base_addr, red_dim_units * elem)
    s_dst = TensorAccessor(dst_args, dst_base_addr, dst_page_size if reduce_all else inner_dim_units * 4)
    is_reduce_core = core_id == reduce_core_id
    dkey, dword = default_key(fmt), default_word(fmt)

    src_addr = get_write_ptr(src_cb)
    dst_addr = get_write_ptr(dst_cb)
    red_idx_base = get_write_ptr(red_idxs_cb)
    red_val_base = get_write_ptr(red_vals_cb)
    red_idx_offset = core_id * red_idx_size_per_core
    red_val_offset = core_id * red_val_size_per_core
    red_idxs = l1_ptr(red_idx_base + red_idx_offset, np.uint32, red_idx_size_per_core // 4)
    red_vals = l1_ptr(red_val_base + red_val_offset, wdt, red_val_size_per_core // elem)

    max_key, max_idx, max_word = dkey, 0, dword       # the running maximum of reduce_all

    def find_argmax_for_core(k):
        nonlocal max_key, max_idx, max_word
        for j in range(inner_dim_units):
            noc_async_read(s_src.get_noc_addr(k * inner_dim_units + j, src_offset), src_addr, src_read_size)
            noc_async_read_barrier()
            words = l1_ptr(src_addr, wdt, units_this_core)
            keys = order_key(words, fmt)
            riscv_wait(CYCLES_PER_ELEMENT * units_this_core)
            pos = int(scan(keys, dkey if not reduce_all else max_key))
            if reduce_all:
                if pos >= 0:
                    max_key, max_word = int(keys[pos]), words[pos]
                    max_idx = (k * inner_dim_units + j) * red_dim_units + red_dim_offset + pos
            else:
                red_idxs[j] = red_dim_offset + pos if pos >= 0 else 0
                red_vals[j] = words[pos] if pos >= 0 else dword

    def send_slot_and_signal():
        if core_id != reduce_core_id:
            noc_async_write(red_idx_base + red_idx_offset,
                            get_noc_addr(reduce_x, reduce_y, red_idx_base + red_idx_offset), red_idx_size_per_core)
            noc_async_write(red_val_base + red_val_offset,
                            get_noc_addr(reduce_x, reduce_y, red_val_base + red_val_offset), red_val_size_per_core)
            noc_async_write_barrier()
        noc_semaphore_inc(get_noc_addr(reduce_x, reduce_y, done_sem), 1)
        noc_async_atomic_barrier()

    def merge_and_write(page_id, count):
        if num_cores > 1:
            noc_semaphore_wait(done_sem, num_cores)
        idxs = l1_ptr(red_idx_base, np.uint32, num_cores * red_idx_size_per_core // 4).reshape(num_cores, -1)
        vals = l1_ptr(red_val_base, wdt, num_cores * red_val_size_per_core // elem).reshape(num_cores, -1)
        keys = order_key(vals[:, :count], fmt)
        riscv_wait(CYCLES_PER_ELEMENT * num_cores * count)
        best = keys.max(axis=0)
        # process_core_data: in core order, a greater value replaces, an equal one only with a lower index
        cand = np.where(keys == best, idxs[:, :count].astype(np.int64), np.iinfo(np.int64).max).min(axis=0)
        out = l1_ptr(dst_addr, np.uint32, count)
        out[:] = np.where(best > dkey, cand, 0)
        noc_async_write(dst_addr, s_dst.get_noc_addr(page_id), dst_page_size)
        noc_async_write_barrier()

    noc_semaphore_set(done_sem, 0)
    for k in range(outer_dim_units):
        if is_reduce_core:
            noc_semaphore_set(done_sem, 0)
            noc_semaphore_set(start_sem, k + 1)
            if num_cores > 1:
                if k > 0:
                    noc_semaphore_set_multicast_loopback_src(start_sem, get_noc_multicast_addr(*mc0, start_sem),
                                                             num_cores0)
                if num_cores1 > 0:
                    noc_semaphore_set_multicast(start_sem, get_noc_multicast_addr(*mc1, start_sem), num_cores1)
                noc_async_write_barrier()
        if k > 0:
            noc_semaphore_wait(start_sem, k + 1)
        find_argmax_for_core(k)
        if not reduce_all:
            send_slot_and_signal()
            if is_reduce_core:
                merge_and_write(k, inner_dim_units)

    if reduce_all:
        red_idxs[0] = max_idx
        red_vals[0] = max_word
        send_slot_and_signal()
        if is_reduce_core:
            merge_and_write(0, 1)


def noc_async_atomic_barrier():
    """noc.async_atomic_barrier(): tensix's NoC counts an atomic increment among the core's outstanding writes, so the
    write barrier waits for it."""
    noc_async_write_barrier()
