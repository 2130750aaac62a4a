"""The body binary_ng's where compute kernels share (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/binary_ng/
device/kernels/compute/eltwise_where_sfpu.cpp and kernels_ng/compute/eltwise_where_sfpu_row_bcast.cpp /
eltwise_where_sfpu_row_col_bcast.cpp repeat it verbatim): the condition and the tensor operand copied to Dst 3i and
3i + 1 (WHERE_TTS: the tensor is the true value) or 3i + 2 (WHERE_TST: the false value), the number filled into the
other (fill_tile_init, then FILL_LLK), BINARY_SFPU_OP(3i, 3i + 1, 3i + 2, 3i), Dst 3i packed. A plain module: the
kernels pass their defines in."""

from tensix.kernel import (copy_tile, copy_tile_to_dst_init_short, fill_tile_init, pack_tile, tile_regs_acquire,
                           tile_regs_commit, tile_regs_release, tile_regs_wait)

__all__ = ["where_tiles"]


def where_tiles(cb_cond, cb_tensor, cb_out, per_cycle, scalar_value, tts, fill, op):
    """tile_regs_acquire .. tile_regs_release of one cycle: `tts` the WHERE_TTS define (else WHERE_TST), `fill` the
    FILL_LLK define (a callable of (idst, word)), `op` BINARY_SFPU_OP."""
    tile_regs_acquire()
    copy_tile_to_dst_init_short(cb_cond)
    for i in range(per_cycle):
        copy_tile(cb_cond, i, i * 3)
    copy_tile_to_dst_init_short(cb_tensor)
    for i in range(per_cycle):
        tensor_dst, number_dst = (i * 3 + 1, i * 3 + 2) if tts else (i * 3 + 2, i * 3 + 1)
        copy_tile(cb_tensor, i, tensor_dst)
        fill_tile_init()
        fill(number_dst, scalar_value)
        op(i * 3, i * 3 + 1, i * 3 + 2, i * 3)
    tile_regs_commit()
    tile_regs_wait()
    for i in range(per_cycle):
        pack_tile(i * 3, cb_out)
    tile_regs_release()
