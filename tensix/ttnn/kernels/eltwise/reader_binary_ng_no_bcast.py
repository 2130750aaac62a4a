"""Reader of binary_ng without a subtile broadcast: per output tile, a's tile into c_0 and b's into c_1, one
barrier for both.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_no_bcast.cpp (interleaved inputs). The output tiles are walked from start_tile_id over
(nd, d, n, c, th, tw) (eltwise_api.walk); an input's tile is its channel base from its nD/d/n/c strides (0 along a
broadcast dim) + th * Wt + tw. Runtime args: eltwise_api.ng_args (21 words, as the factory's reader_runtime_args).
Compile-time args: the two TensorAccessorArgs."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = NgReader()
    a, wt = r.args, r.args.Wt
    for ch, th, tw, _, _ in r.tiles():
        cb_reserve_back(r.cb_a, 1)
        noc_async_read_tile(channel_base(ch, a.strides) + th * wt + tw, r.src_a, get_write_ptr(r.cb_a))
        cb_reserve_back(r.cb_b, 1)
        noc_async_read_tile(channel_base(ch, a.strides_b) + th * wt + tw, r.src_b, get_write_ptr(r.cb_b))
        noc_async_read_barrier()
        cb_push_back(r.cb_a, 1)
        cb_push_back(r.cb_b, 1)
