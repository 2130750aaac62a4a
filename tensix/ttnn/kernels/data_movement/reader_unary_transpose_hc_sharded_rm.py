"""Reader of ttnn.transpose(1, 2) on natively HEIGHT sharded row-major tensors (TransposeHCShardedProgramFactory):
this core's output shard (c_16, on the output buffer) gathered from the input shards (c_0, on the input buffer, at
the same address on every core) of the cores holding its rows.

Generic build: output row i of the shard is input row i_stick (walked as (n, h, c) -> (n, c, h)), found on the
core of shard i_stick / shard_height (the shard grid row-major or column-major) through the grid's NoC x / y maps.
USE_SPECIAL_CASE build (shard height and H, C divide one another): the host found the input cores this shard reads
from (num_cores_read of them, each at a stick offset) and the stick stride on them; with one H block per shard
the reader takes the first num_sticks_per_shard_core sticks of each core, interleaving the cores' sticks in the
output (stride stick_size * num_cores_read); otherwise num_C_blocks_per_core blocks of each core's sticks in turn.
The writer kernel (writer_unary_transpose_hc_sharded_rm) does the rest of the shard.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/transpose/device/kernels/dataflow/
reader_unary_transpose_hc_sharded_rm.cpp (its set_async_read_state / async_read_with_state pairs are plain NoC
reads here). Compile-time args: special case: cb_in, cb_out, stick_size; generic: cb_in, cb_out, N, H, C,
stick_size, row_major, num_cores_x, num_cores_y. Runtime args: special case: read_single_h_block_per_core,
num_C_blocks_per_core, num_sticks_per_shard_core, num_cores_read, read_stick_stride, then num_cores_read stick
offsets, NoC x's and NoC y's; generic: num_sticks_per_core, start_id, curr_c, curr_h, curr_n, the NoC x of each
grid column, the NoC y of each grid row."""

from tensix.kernel import *  # noqa: F401,F403


def _read_blocks(arg0, cb_in, cb_out, stick, single, n_c_blocks, n_sticks, n_cores, stride, src_off, dst_off):
    """The special case's two loops (shared by the reader and the writer kernels): the runtime args' stick offsets
    and NoC coordinates start at arg0."""
    offs = [get_arg_val(arg0 + k) for k in range(n_cores)]
    xs = [get_arg_val(arg0 + n_cores + k) for k in range(n_cores)]
    ys = [get_arg_val(arg0 + 2 * n_cores + k) for k in range(n_cores)]
    if single:
        out_stride = stick * n_cores
        l1_off = 0
        for k in range(n_cores):
            src = get_read_ptr(cb_in) + offs[k] + src_off
            dst = get_write_ptr(cb_out) + l1_off + dst_off
            for _ in range(n_sticks):
                noc_async_read(get_noc_addr(xs[k], ys[k], src), dst, stick)
                src += stride
                dst += out_stride
            l1_off += stick
            noc_async_read_barrier()
        return
    dst = get_write_ptr(cb_out) + dst_off
    base = get_read_ptr(cb_in) + src_off
    for _c in range(n_c_blocks):
        for k in range(n_cores):
            src = base + offs[k]
            for _ in range(n_sticks):
                noc_async_read(get_noc_addr(xs[k], ys[k], src), dst, stick)
                src += stride
                dst += stick
        base += stick
    noc_async_read_barrier()


def kernel_main():
    cb_in = get_compile_time_arg_val(0)
    cb_out = get_compile_time_arg_val(1)
    if globals().get("USE_SPECIAL_CASE"):
        stick = get_compile_time_arg_val(2)
        _read_blocks(5, cb_in, cb_out, stick, get_arg_val(0) == 1, get_arg_val(1), get_arg_val(2), get_arg_val(3),
                     get_arg_val(4), 0, 0)
        return
    H = get_compile_time_arg_val(3)
    C = get_compile_time_arg_val(4)
    stick = get_compile_time_arg_val(5)
    row_major = get_compile_time_arg_val(6) == 1
    nx = get_compile_time_arg_val(7)
    ny = get_compile_time_arg_val(8)
    n_sticks = get_arg_val(0)
    i_stick = get_arg_val(1)
    curr_c = get_arg_val(2)
    curr_h = get_arg_val(3)
    xmap = [get_arg_val(5 + i) for i in range(nx)]
    ymap = [get_arg_val(5 + nx + i) for i in range(ny)]
    CH = C * H
    inner_dim = nx if row_major else ny
    cb_reserve_back(cb_out, n_sticks)
    dst = get_write_ptr(cb_out)
    src_base = get_read_ptr(cb_in)
    for _ in range(n_sticks):
        shard_id = i_stick // n_sticks
        in_shard = i_stick - shard_id * n_sticks
        outer, inner = shard_id // inner_dim, shard_id % inner_dim
        x, y = (xmap[inner], ymap[outer]) if row_major else (xmap[outer], ymap[inner])
        noc_async_read(get_noc_addr(x, y, src_base + in_shard * stick), dst, stick)
        dst += stick
        curr_c += 1
        i_stick += H
        if curr_c == C:             # end of the channel dim
            curr_h += 1
            curr_c = 0
            if curr_h == H:         # end of the H dim: next batch
                curr_h = 0
                i_stick = i_stick - H + 1
            else:
                i_stick = i_stick - CH + 1
    noc_async_read_barrier()
    cb_push_back(cb_out, n_sticks)
