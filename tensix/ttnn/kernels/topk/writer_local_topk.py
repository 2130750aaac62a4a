"""Writer of ttnn.topk's multi-core program on the local cores: per row of tiles, wait for the final core's VALID, send
this core's Kt value tiles (c_8) and Kt index tiles (c_9) into the final core's c_4 / c_5 at this core's slot
(start_wt * Kt tiles in; the address is this core's own c_4 / c_5 write pointer, the CBs sit at the same L1 address on
every core of the program), then add Kt to the final core's sender semaphore and reset its own receiver semaphore.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/writer_local_topk.cpp.
Compile-time args: receiver_sem_id, sender_sem_id, the final core's NoC x, y, Ht, K, Kt, values_cb, output_ind_cb,
final_values_cb, final_indices_cb. Runtime args: start_wt."""

from tensix.kernel import *  # noqa: F401,F403

VALID, INVALID = 1, 0


def kernel_main():
    start_wt = get_arg_val(0)
    receiver_sem_id = get_compile_time_arg_val(0)
    sender_sem_id = get_compile_time_arg_val(1)
    noc_final_x = get_compile_time_arg_val(2)
    noc_final_y = get_compile_time_arg_val(3)
    Ht = get_compile_time_arg_val(4)
    Kt = get_compile_time_arg_val(6)
    values_cb_index = get_compile_time_arg_val(7)
    output_ind_cb_index = get_compile_time_arg_val(8)
    final_values_cb_index = get_compile_time_arg_val(9)
    final_indices_cb_index = get_compile_time_arg_val(10)
    receiver = get_semaphore(receiver_sem_id)
    sender = get_semaphore(sender_sem_id)
    tile_bytes_values = get_tile_size(values_cb_index)
    tile_bytes_ind = get_tile_size(output_ind_cb_index)
    final_values_base = get_write_ptr(final_values_cb_index) + start_wt * tile_bytes_values * Kt
    final_indices_base = get_write_ptr(final_indices_cb_index) + start_wt * tile_bytes_ind * Kt
    for _j in range(Ht):
        noc_semaphore_wait(receiver, VALID)
        for cb, base, size in ((values_cb_index, final_values_base, tile_bytes_values),
                               (output_ind_cb_index, final_indices_base, tile_bytes_ind)):
            for i in range(Kt):
                cb_wait_front(cb, 1)
                noc_async_write(get_read_ptr(cb), get_noc_addr(noc_final_x, noc_final_y, base + i * size), size)
                cb_pop_front(cb, 1)
        noc_async_write_barrier()
        noc_semaphore_inc(get_noc_addr(noc_final_x, noc_final_y, sender), Kt)
        noc_async_atomic_barrier()
        noc_semaphore_set(receiver, INVALID)
    noc_async_atomic_barrier()


def noc_async_atomic_barrier():
    """noc_async_atomic_barrier(): tensix's NoC counts an atomic increment among the core's outstanding writes, so the
    write barrier waits for it."""
    noc_async_write_barrier()
