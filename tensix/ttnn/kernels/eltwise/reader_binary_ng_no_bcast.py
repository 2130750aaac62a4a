"""Reader of binary_ng without a subtile broadcast: per output tile, a's tile into c_0 and b's into c_1, one
barrier for both.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/device/kernels_ng/dataflow/
reader_interleaved_no_bcast.cpp. The output tiles are walked from start_tile_id over (nd, d, n, c, th, tw)
(eltwise_api.walk; with has_sharding over the core's output shard); an input's tile is its channel base from its
nD/d/n/c strides (0 along a broadcast dim) + th * Wt + tw. A sharded input (SRC_SHARDED / SRC_SHARDED_B) is its CB:
its shard is pushed at once and not read. Runtime args: eltwise_api.ng_args (21 words, as the factory's
reader_runtime_args). Compile-time args: the two TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    r = NgReader(SRC_SHARDED, SRC_SHARDED_B)
    if r.sharded_a and r.sharded_b:
        return
    a, wt = r.args, r.args.Wt
    reads = [(cb, acc, strides) for cb, acc, strides, sharded in ((r.cb_a, r.src_a, a.strides, r.sharded_a),
                                                                  (r.cb_b, r.src_b, a.strides_b, r.sharded_b))
             if not sharded]
    read_tiles(reads, wt, r.tiles())
