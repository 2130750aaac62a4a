"""Reader of ConcatS2STiledProgramFactory (ttnn.concat of two height-sharded TILE tensors along the last dim, with
`groups`): it hands the two input shards (CBs input0 / input1, placed in the input buffers) to the compute kernel,
then for each tile row takes the compute kernel's transposed tiles of both inputs (a transposed tile's bytes hold the
original tile's columns in order, 16 columns per two faces) and interleaves them into the concat CB: group g of input 0
(input0_stride bytes), then group g of input 1, for each of the `groups` groups. The compute kernel transposes the
concat CB's tiles back.

With the BF8 define the transposed CBs are BFLOAT16 (the compute kernel unpacks the block-float tiles), so the
group strides count BFLOAT16 tiles. tt-metal's USE_SINGLE_PACKET_READ define only selects how the NoC reads are issued
(the same bytes move).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/dataflow/
reader_height_sharded_width_concat_two_tensors_tiled.cpp. Compile-time args: input0_cb, input1_cb,
input0_transpose_cb, input1_transpose_cb, concat_cb, output_transpose_cb, output_cb, input0 tiles (height, width),
input1 tiles (height, width), tile_size, groups, batch size (compute only)."""

from tensix.kernel import *  # noqa: F401,F403

_BF16_TILE = 32 * 32 * 2


def _interleave(src, dst, stride, group_stride, groups):
    for _ in range(groups):
        noc_async_read(get_noc_addr(my_x[0], my_y[0], src), dst, stride)
        src += stride
        dst += group_stride


def kernel_main():
    in0_cb = get_compile_time_arg_val(0)
    in1_cb = get_compile_time_arg_val(1)
    in0_t_cb = get_compile_time_arg_val(2)
    in1_t_cb = get_compile_time_arg_val(3)
    concat_cb = get_compile_time_arg_val(4)
    in0_ht, in0_wt = get_compile_time_arg_val(7), get_compile_time_arg_val(8)
    in1_ht, in1_wt = get_compile_time_arg_val(9), get_compile_time_arg_val(10)
    tile_size = get_compile_time_arg_val(11)
    groups = get_compile_time_arg_val(12)
    out_wt = in0_wt + in1_wt

    unit = _BF16_TILE if globals().get("BF8") else tile_size
    stride_0 = unit * in0_wt // groups
    stride_1 = unit * in1_wt // groups
    group_stride = stride_0 + stride_1

    base_0 = get_read_ptr(in0_t_cb)
    base_1 = get_read_ptr(in1_t_cb)
    base_w = get_write_ptr(concat_cb)

    # the C++ pushes the shards without reserving them: the CBs start empty, so a reserve returns at once on
    # hardware; tensix's CB checker wants the reserve, which changes nothing else
    for cb, pages in ((in0_cb, in0_ht * in0_wt), (in1_cb, in1_ht * in1_wt)):
        cb_reserve_back(cb, pages)
        cb_push_back(cb, pages)

    for _ in range(in0_ht):
        cb_reserve_back(concat_cb, out_wt)
        cb_wait_front(in0_t_cb, in0_wt)
        _interleave(base_0, base_w, stride_0, group_stride, groups)
        noc_async_read_barrier()
        cb_pop_front(in0_t_cb, in0_wt)

        cb_wait_front(in1_t_cb, in1_wt)
        _interleave(base_1, base_w + stride_0, stride_1, group_stride, groups)
        noc_async_read_barrier()
        cb_pop_front(in1_t_cb, in1_wt)

        cb_push_back(concat_cb, out_wt)
