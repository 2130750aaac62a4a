"""Compute kernel of ttnn.where(condition, number, number) (UnaryOpType::WHERE_TSS's own kernel,
get_compute_kernel_path): per tile the condition copied to Dst 0, the two scalars filled into Dst 1 and 2 (fill_tile
of the words as floats for INP_FLOAT / INP_FLOAT32, fill_tile_int<Int32> for INP_INT32 / INP_UINT32), then
SFPU_OP_CHAIN_0 (where_tile<format>(0, 1, 2, 0)), Dst 0 packed to c_2.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/compute/where_tss_kernel.cpp.
Runtime args: num_tiles, packed_scalar1 (true), packed_scalar2 (false); tensix's fill_tile takes the float's bits,
so it gets the words. Defines: SFPU_OP_CHAIN_0, INP_FLOAT / INP_FLOAT32 / INP_INT32 / INP_UINT32."""

from tensix.kernel import *  # noqa: F401,F403


def kernel_main():
    num_tiles = get_arg_val(0)
    packed_scalar1 = get_arg_val(1)
    packed_scalar2 = get_arg_val(2)
    cb_input, cb_output = CBIndex.c_0, CBIndex.c_2
    g = globals()
    is_int = "INP_INT32" in g or "INP_UINT32" in g
    is_float = "INP_FLOAT" in g or "INP_FLOAT32" in g
    init_sfpu(cb_input, cb_output)
    for _ in range(num_tiles):
        cb_wait_front(cb_input, 1)
        cb_reserve_back(cb_output, 1)
        tile_regs_acquire()
        copy_tile_to_dst_init_short(cb_input)
        copy_tile(cb_input, 0, 0)
        fill_tile_init()
        if is_int:
            fill_tile_int(1, packed_scalar1, "Int32")
            fill_tile_int(2, packed_scalar2, "Int32")
        if is_float:
            fill_tile(1, packed_scalar1)
            fill_tile(2, packed_scalar2)
        SFPU_OP_CHAIN_0(0)
        tile_regs_commit()
        tile_regs_wait()
        pack_tile(0, cb_output)
        tile_regs_release()
        cb_pop_front(cb_input, 1)
        cb_push_back(cb_output, 1)
