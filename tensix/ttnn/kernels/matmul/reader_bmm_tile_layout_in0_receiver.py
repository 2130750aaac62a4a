"""in0 multicast receiver of the blocked matmuls: for each K block it reserves the in0 block in c_0, sets its
receiver semaphore INVALID, increments the sender's semaphore (ready to receive) and waits until the sender has
multicast the block and set the semaphore VALID; then pushes the block.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/matmul/device/kernels/dataflow/reader_bmm_tile_layout_in0_receiver.cpp
(without get_batch_from_reader). Compile-time args: in0_block_num_tiles, the three block counts, the sender and
receiver semaphore ids, batch. Runtime args: the sender's NoC x, y."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.matmul.matmul_api import mcast_receive


def kernel_main():
    sender_x = get_arg_val(0)
    sender_y = get_arg_val(1)
    in0_block_num_tiles = get_compile_time_arg_val(0)
    num_blocks_inner_dim = get_compile_time_arg_val(1)
    num_blocks_w_dim = get_compile_time_arg_val(2)
    num_blocks_h_dim = get_compile_time_arg_val(3)
    sender_sem = get_compile_time_arg_val(4)
    receiver_sem = get_compile_time_arg_val(5)
    batch = get_compile_time_arg_val(6)
    cb_id_in0 = NAMED["cb_in0"]
    for _ in range(batch * num_blocks_h_dim * num_blocks_w_dim * num_blocks_inner_dim):
        mcast_receive(cb_id_in0, in0_block_num_tiles, sender_sem, receiver_sem, sender_x, sender_y)
