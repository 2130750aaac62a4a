"""Compute kernel of ConcatS2STiledProgramFactory: for each tile row of the two inputs, the row's tiles of input 0
and of input 1 are transposed (transpose_wh) into their transposed CBs for the reader to interleave, then the
reader's concat tiles are transposed back into the output-transposed CB for the writer. A row of at most
`max_batch` tiles is transposed as one batch (all of it in Dst at once), a longer one a tile at a time.

tt-metal's helper calls tile_regs_acquire / tile_regs_wait before the math and tile_regs_commit / tile_regs_release
after the packs: each TRISC runs only its own calls (math: acquire ... commit; pack: wait ... release), so the packs
see the finished math. tensix runs the three threads' calls in one sequence, so the port issues them in that
per-thread order (acquire, transposes, commit, wait, packs, release).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/concat/device/kernels/compute/
height_sharded_width_concat_two_tensors.cpp. Compile-time args: input0_cb, input1_cb, input0_transpose_cb,
input1_transpose_cb, concat_cb, output_transpose_cb, output_cb, input0 tiles (height, width), input1 tiles (height,
width), tile_size, groups, max batch size."""

from tensix.kernel import *  # noqa: F401,F403


def _transpose(cb_in, cb_out, n):
    cb_wait_front(cb_in, n)
    tile_regs_acquire()
    cb_reserve_back(cb_out, n)
    transpose_wh_init_short(cb_in)
    for i in range(n):
        transpose_wh_tile(cb_in, i, i)
    tile_regs_commit()
    tile_regs_wait()
    for i in range(n):
        pack_tile(i, cb_out)
    tile_regs_release()
    cb_push_back(cb_out, n)
    cb_pop_front(cb_in, n)


def _transpose_row(cb_in, cb_out, width, max_batch):
    if width <= max_batch:
        _transpose(cb_in, cb_out, width)
    else:
        for _ in range(width):
            _transpose(cb_in, cb_out, 1)


def kernel_main():
    in0_cb = get_compile_time_arg_val(0)
    in1_cb = get_compile_time_arg_val(1)
    in0_t_cb = get_compile_time_arg_val(2)
    in1_t_cb = get_compile_time_arg_val(3)
    concat_cb = get_compile_time_arg_val(4)
    out_t_cb = get_compile_time_arg_val(5)
    in0_ht, in0_wt = get_compile_time_arg_val(7), get_compile_time_arg_val(8)
    in1_wt = get_compile_time_arg_val(10)
    max_batch = get_compile_time_arg_val(13)
    out_wt = in0_wt + in1_wt

    transpose_wh_init(in0_cb, in0_t_cb)
    for _ in range(in0_ht):
        reconfig_data_format_srca(in0_cb)
        pack_reconfig_data_format(in0_t_cb)
        _transpose_row(in0_cb, in0_t_cb, in0_wt, max_batch)
        _transpose_row(in1_cb, in1_t_cb, in1_wt, max_batch)
        reconfig_data_format_srca(concat_cb)
        pack_reconfig_data_format(out_t_cb)
        _transpose_row(concat_cb, out_t_cb, out_wt, max_batch)
