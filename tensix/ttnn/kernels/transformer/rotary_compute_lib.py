"""The compute-side DECODE_MODE step of the rotary_embedding compute kernels (tt-metal 622c6fb9
rotary_embedding.cpp / rotary_embedding_single_tile.cpp: UNTILIZE_TILES / UNTILIZE_ONE_TILE, TILIZE_ROWS /
TILIZE_ONE_TILE): untilize the token's wt sin and cos tiles, wait for the writer to move the token's row to the top of
each untilized buffer, tilize them back; the retilized tiles' row 0 is the token's cos / sin row, which the compute
kernels then broadcast over the rows (mul_tiles_bcast_rows)."""

from tensix.kernel import binary_op_init_common, cb_pop_front, cb_wait_front, pack_reconfig_data_format
from tensix.kernel import reconfig_data_format_srca
from tensix.ttnn.kernels.data_movement.kernel_lib import (InitUninitMode, ReconfigureRegisterDatatypeMode, WaitMode,
                                                          tilize, untilize)


def retilize_token_rows(wt, cos_cb, sin_cb, init_srcb_cb, u_cos, u_cos_sync, u_sin, u_sin_sync, r_cos, r_sin):
    """binary_op_init_common(sin, init_srcb, untilized sin), the untilizes, the formats' reconfiguration and the
    tilizes of the DECODE_MODE prologue, in the kernels' order. Returns the retilized cos and sin CBs."""
    binary_op_init_common(sin_cb, init_srcb_cb, u_sin)
    for src, dst in ((sin_cb, u_sin), (cos_cb, u_cos)):
        untilize(wt, src, dst, 1, InitUninitMode.InitAndUninit, WaitMode.WaitUpfront,
                 ReconfigureRegisterDatatypeMode.NoReconfigure)
    reconfig_data_format_srca(cos_cb, u_sin)
    pack_reconfig_data_format(u_cos, r_sin)
    for src, dst, sync in ((u_sin, r_sin, u_sin_sync), (u_cos, r_cos, u_cos_sync)):
        cb_wait_front(sync, wt)
        tilize(wt, src, dst, 1, None, InitUninitMode.InitAndUninit, WaitMode.WaitBlock,
               ReconfigureRegisterDatatypeMode.NoReconfigure)
        cb_pop_front(sync, wt)
    return r_cos, r_sin
