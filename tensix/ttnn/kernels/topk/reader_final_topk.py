"""Reader of ttnn.topk's multi-core program on the final core: per row of tiles, reserve Wt_final pages of c_4 / c_5,
tell the local cores they may send (receiver semaphore multicast VALID), wait until they have sent every tile (sender
semaphore reaches Wt_final) and push the pages.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/reduction/topk/device/kernels/dataflow/reader_final_topk.cpp
(Semaphore<>::set / set_multicast / wait as noc_semaphore_set / noc_semaphore_set_multicast / noc_semaphore_wait).
Compile-time args: receiver_sem_id, sender_sem_id, the local cores' NoC rectangle (start x, y, end x, y), Ht,
Wt_final, num_dests, final_values_cb, final_indices_cb."""

from tensix.kernel import *  # noqa: F401,F403

VALID, INVALID = 1, 0


def kernel_main():
    receiver_sem_id = get_compile_time_arg_val(0)
    sender_sem_id = get_compile_time_arg_val(1)
    x0, y0, x1, y1 = (get_compile_time_arg_val(i) for i in range(2, 6))
    Ht = get_compile_time_arg_val(6)
    Wt_final = get_compile_time_arg_val(7)
    num_dests = get_compile_time_arg_val(8)
    final_values_cb_index = get_compile_time_arg_val(9)
    final_indices_cb_index = get_compile_time_arg_val(10)
    receiver = get_semaphore(receiver_sem_id)
    sender = get_semaphore(sender_sem_id)
    for _i in range(Ht):
        cb_reserve_back(final_values_cb_index, Wt_final)
        cb_reserve_back(final_indices_cb_index, Wt_final)
        noc_semaphore_set(sender, INVALID)
        noc_semaphore_set(receiver, VALID)
        noc_semaphore_set_multicast(receiver, get_noc_multicast_addr(x0, y0, x1, y1, receiver), num_dests)
        noc_async_write_barrier()
        noc_semaphore_wait(sender, Wt_final)
        cb_push_back(final_values_cb_index, Wt_final)
        cb_push_back(final_indices_cb_index, Wt_final)
    noc_async_write_barrier()
