"""Writer of ttnn.pad(use_multicore=False) for tiled tensors (PadTileCoreProgramFactory, one core): a pad tile in c_1
filled with the packed pad word, then for every input tile (from c_0) its output tile in order, and after each run of
input tiles along x, y, z and w the pad tiles that complete that dim (a barrier after each run of pad tiles).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/pad/device/kernels/dataflow/
writer_unary_pad_dims_interleaved.cpp. Compile-time args: cb_id_out0, cb_id_out1, the destination's
TensorAccessorArgs. Runtime args: dst_addr, num_unpadded_W, num_padded_Wt, num_unpadded_Z, num_padded_Zt,
num_unpadded_Yt, num_padded_Yt, num_unpadded_Xt, num_padded_Xt, pad_value (the packed 32-bit word)."""

import numpy as np

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    dst_addr = get_arg_val(0)
    unp_W, pad_Wt, unp_Z, pad_Zt, unp_Yt, pad_Yt, unp_Xt, pad_Xt, pad_word = (get_arg_val(i) for i in range(1, 10))
    cb0 = get_compile_time_arg_val(0)
    cb1 = get_compile_time_arg_val(1)
    tile = get_tile_size(cb0)
    s1 = TensorAccessor(TensorAccessorArgs(2), dst_addr, tile)
    cb_reserve_back(cb1, 1)         # the pad tile: the CB's space, nothing pushed
    pad_l1 = get_write_ptr(cb1)
    l1_ptr(pad_l1, np.uint32, tile // 4)[:] = np.uint32(pad_word)
    riscv_wait(5 * (tile // 4))     # a 32-bit L1 store per word, 1 per 5 cycles (BabyRISCV/README.md)
    dst = 0

    def pad_tiles(n):
        nonlocal dst
        for _ in range(n):
            noc_async_write(pad_l1, get_noc_addr(dst, s1), tile)
            dst += 1
        noc_async_write_barrier()

    for _w in range(unp_W):
        for _z in range(unp_Z):
            for _yt in range(unp_Yt):
                for _xt in range(unp_Xt):
                    cb_wait_front(cb0, 1)
                    noc_async_write(get_read_ptr(cb0), get_noc_addr(dst, s1), tile)
                    noc_async_write_barrier()
                    cb_pop_front(cb0, 1)
                    dst += 1
                pad_tiles(pad_Xt)
            pad_tiles(pad_Yt)
        pad_tiles(pad_Zt)
    pad_tiles(pad_Wt)
