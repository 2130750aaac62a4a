"""Writer of the sharded layernorm / rms_norm (LayerNormShardedProgramFactory) with ROW_MAJOR gamma / beta: as
writer_unary_sharded_ln (the scaler, eps and global scaler tiles; SKIP_WRITE_BACK), but gamma and beta are [Wt, 32]
sticks, one page per tile of the width: for each of this core's block_w tiles the stick's first 2 x face-row bytes
are read to the tile's start (row 0 of face 0, and row 1 with the stick's second half), then that second half is
copied within L1 to row 0 of face 1 (512 bytes on for bfloat16, 1024 for float32). Only row 0 of faces 0 and 1 is
meaningful: the compute kernel broadcasts it over the rows (mul_tiles_bcast_rows / add_tiles_bcast_rows); the rest
of each tile is whatever the CB held.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/normalization/layernorm/device/kernels/dataflow/
writer_unary_sharded_ln_rm_gb.cpp (with use_welford no scaler or eps tiles). Compile-time args: is_all_to_all_worker,
fuse_gamma, fuse_beta, block_w, use_welford, the TensorAccessorArgs of gamma and beta (an absent one: one 0xFFFFFFFF
word), the stick size, gamma / beta is Float32, the write-back strides and block_ht (unused with SKIP_WRITE_BACK).
Runtime args as writer_unary_sharded_ln. CB ids: CB_NAMES."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.normalization.norm_lib import push_eps
from tensix.ttnn.kernels.normalization.writer_unary_sharded_ln import _accessor, _as_float
from tensix.ttnn.kernels.reduction import reduce_lib as R


def _read_sticks(cb, args, addr, start_id, block_w, is_f32):
    face_row = 64 if is_f32 else 32
    face_offset = 1024 if is_f32 else 512
    tile_bytes = get_tile_size(cb)
    acc = TensorAccessor(args, addr, 2 * face_row)
    cb_reserve_back(cb, block_w)
    wp = get_write_ptr(cb)
    for w in range(block_w):
        dst = wp + w * tile_bytes
        noc_async_read(acc.get_noc_addr(start_id + w), dst, 2 * face_row)
        noc_async_read_barrier()
        noc_async_read(get_noc_addr(int(my_x), int(my_y), dst + face_row), dst + face_offset, face_row)
    noc_async_read_barrier()
    cb_push_back(cb, block_w)


def kernel_main():
    is_all_to_all_worker = get_compile_time_arg_val(0) == 1
    fuse_gamma = get_compile_time_arg_val(1) == 1
    fuse_beta = get_compile_time_arg_val(2) == 1
    block_w = get_compile_time_arg_val(3)
    gamma_args, off = _accessor(5)
    beta_args, off = _accessor(off)
    gamma_f32 = get_compile_time_arg_val(off + 1) == 1
    beta_f32 = get_compile_time_arg_val(off + 2) == 1
    use_welford = get_compile_time_arg_val(4) == 1
    n = CB_NAMES
    if not use_welford:     # Welford's compute kernel needs no scaler tiles and takes eps as a compile-time arg
        R.prepare_reduce_scaler(n["cb_in_2"], PoolType.SUM, ReduceDim.REDUCE_ROW, _as_float(get_arg_val(1)))
        push_eps(n["cb_eps"], get_arg_val(2))
        if is_all_to_all_worker:
            R.prepare_reduce_scaler(n["cb_in_4"], PoolType.AVG, ReduceDim.REDUCE_ROW, _as_float(get_arg_val(0)),
                                    compute_uses_reduce_tile=True)
    if fuse_gamma:
        _read_sticks(n["cb_gamma"], gamma_args, get_arg_val(3), get_arg_val(5), block_w, gamma_f32)
    if fuse_beta:
        _read_sticks(n["cb_beta"], beta_args, get_arg_val(4), get_arg_val(6), block_w, beta_f32)
