"""Reader of ternary (TTT, no subtile broadcast: NONE and OUTER_BCAST): per output tile the predicate's tile into
c_0, the true tensor's into c_1 and the false tensor's into c_2, one barrier for the three.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/ternary/device/kernels/dataflow/
ternary_reader_nosubtilebcast_ttt.cpp. The output tiles are walked from start_tile_id over (nd, d, n, c, th, tw)
(eltwise_api.walk); an input's tile is its channel base from its own nD/d/n/c strides (0 along a broadcast outer
dim) + th * Wt + tw, as the C++'s running tile_offset / tile_offset_b / tile_offset_c give it. Sharded inputs
(SRC_SHARDED_A / _B / _C) are refused by the factory (not modelled), so every operand is read here.
Runtime args (27): src0/1/2 addresses, dst_num_tiles, start_tile_id, the predicate's strides, D, N, C, Ht, Wt,
cND, the true tensor's strides and tile count, the false tensor's strides and tile count, dst_shard_width,
src0_num_tiles. Compile-time args: the three CB ids, the three TensorAccessorArgs, has_sharding."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.eltwise.eltwise_api import *  # noqa: F401,F403


def kernel_main():
    reads, start, n_tiles, dims = ternary_reader_setup("ternary_reader_nosubtilebcast_ttt",
                                                       (SRC_SHARDED_A, SRC_SHARDED_B, SRC_SHARDED_C))
    read_tiles(reads, dims[-1], walk(start, n_tiles, *dims))
