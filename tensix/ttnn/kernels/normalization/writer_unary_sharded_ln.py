"""Writer of the sharded layernorm / rms_norm (LayerNormShardedProgramFactory). The output shard is the output's own
L1 buffer (c_16 is placed on it), so nothing is written back (SKIP_WRITE_BACK: the factory refuses an output shard
spec other than the input's). It makes the compute kernel's constant tiles and reads gamma / beta:
- the partial reduce scaler (c_2, prepare_reduce_scaler<SUM, REDUCE_ROW>: column 0 for the matmul row reduce) from
  runtime arg 1 -- the bits of two packed bfloat16 1/block_w, taken as a float (the CB is Float16_b: its top half,
  the bfloat16 1/block_w);
- the epsilon tile (c_3, generate_bcast_col_scalar: bfloat16 eps in column 0 of faces 0 and 2);
- on an all-to-all worker the global reduce scaler (c_4, prepare_reduce_scaler<AVG, REDUCE_ROW,
  compute_uses_reduce_tile>: row 0 of every face) from runtime arg 0, the packed bfloat16 pair of 1/num_blocks taken
  as a float: a Float32 c_4 (fp32_dest_acc_en) holds those 32 bits as they are (0x3F003F00 for 1/2, not 0.5), as on
  the card;
- gamma's and beta's block_w tiles of this core's columns (tile ids from gamma_tile_start_id on).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
writer_unary_sharded_ln.cpp (with use_welford no scaler or eps tiles). Compile-time args: is_all_to_all_worker,
fuse_gamma, fuse_beta, block_w, use_welford, the TensorAccessorArgs of gamma and beta (an absent one: one 0xFFFFFFFF
word), gamma / beta is Float32, the write-back strides and block_ht (unused with SKIP_WRITE_BACK). Runtime args: packed
1/num_blocks (or 1), packed 1/block_w, eps bits, gamma_addr, beta_addr, gamma_tile_start_id, beta_tile_start_id. CB
ids: CB_NAMES."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import push_eps
from tensix.ttnn.kernels.reduction import reduce_lib as R


def _as_float(bits):
    """__builtin_bit_cast(float, bits)."""
    return float(np.array([bits & 0xFFFFFFFF], np.uint32).view(np.float32)[0])


def _accessor(off):
    """The TensorAccessorArgs at compile-time arg `off` (None for an absent tensor's placeholder word) and the
    offset past it."""
    if get_compile_time_arg_val(off) == 0xFFFFFFFF:
        return None, off + 1
    a = TensorAccessorArgs(off)
    return a, a.next_compile_time_args_offset()


def _read_weight(cb, args, addr, start_id, block_w):
    tile_bytes = get_tile_size(cb)
    acc = TensorAccessor(args, addr, tile_bytes)
    cb_reserve_back(cb, block_w)
    wp = get_write_ptr(cb)
    for w in range(block_w):
        noc_async_read_tile(start_id + w, acc, wp + w * tile_bytes)
    noc_async_read_barrier()
    cb_push_back(cb, block_w)


def kernel_main():
    is_all_to_all_worker = get_compile_time_arg_val(0) == 1
    fuse_gamma = get_compile_time_arg_val(1) == 1
    fuse_beta = get_compile_time_arg_val(2) == 1
    block_w = get_compile_time_arg_val(3)
    gamma_args, off = _accessor(5)
    beta_args, off = _accessor(off)
    use_welford = get_compile_time_arg_val(4) == 1
    n = CB_NAMES
    if not use_welford:     # Welford's compute kernel needs no scaler tiles and takes eps as a compile-time arg
        R.prepare_reduce_scaler(n["cb_in_2"], PoolType.SUM, ReduceDim.REDUCE_ROW, _as_float(get_arg_val(1)))
        push_eps(n["cb_eps"], get_arg_val(2))
        if is_all_to_all_worker:
            R.prepare_reduce_scaler(n["cb_in_4"], PoolType.AVG, ReduceDim.REDUCE_ROW, _as_float(get_arg_val(0)),
                                    compute_uses_reduce_tile=True)
    if fuse_gamma:
        _read_weight(n["cb_gamma"], gamma_args, get_arg_val(3), get_arg_val(5), block_w)
    if fuse_beta:
        _read_weight(n["cb_beta"], beta_args, get_arg_val(4), get_arg_val(6), block_w)
