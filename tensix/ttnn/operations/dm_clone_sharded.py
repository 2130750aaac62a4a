"""ttnn.clone of a sharded tensor, as tt-metal 622c6fb9 runs it (ttnn/cpp/ttnn/operations/data_movement/clone/device/
clone_device_operation.cpp validate, clone_program_factory.cpp's is_sharded branch): input and output sharded alike
(same memory layout and identical shard spec); on every core of the output's shard grid a reader copies the core's
own input shard unit by unit (tiles, or sticks of the shard width) from its L1 into c_4, an optional compute kernel
converts the dtype (TILE only: copy_tile / pack_tile into c_20, clone_compute_kernel), and a writer puts the units
into the core's output shard. Units are read and written at consecutive unit-size offsets from the buffer address, as
the C++ does (a row-major shard row that is not a multiple of the L1 alignment would be misread there too).
Runtime args on the cores of grid_to_cores(num_cores, bounding box x, y) (column-major from (0, 0))."""

from __future__ import annotations

import time

from tensix.device import formats, soc
from tensix.device.memory import align
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, CoreCoord, MathFidelity, ReaderDataMovementConfig, \
    WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import ShardSpecError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import BufferType, Layout, data_format, element_size

__all__: list[str] = []


def _k(name: str) -> str:
    return O.kernel_path(f"data_movement/{name}.py")


def clone_sharded(op: str, dev, a: Tensor, out_dtype, mc, cfg, started=None) -> Tensor:
    started = started or time.perf_counter()
    in_mc = a.memory_config()
    if in_mc.memory_layout != mc.memory_layout:
        raise ShardSpecError(f"{op}: Clone: input and output must have the same memory layout when both are sharded "
                             f"({in_mc.memory_layout.name} vs {mc.memory_layout.name}).")
    if mc.shard_spec is None:
        raise ShardSpecError(f"{op}: Clone: output memory config must have shard spec when sharded.")
    if in_mc.shard_spec != mc.shard_spec:
        raise ShardSpecError(f"{op}: Clone: input and output shard specs must be identical (same grid, shape, and "
                             f"orientation): {in_mc.shard_spec!r} vs {mc.shard_spec!r}.")
    out = C.make_output(dev, a.shape, out_dtype, a.layout, mc, padded=a.padded_shape)
    key = ("clone_sharded", O.spec_key(a), O.spec_key(out), repr(cfg))
    O.run(op, dev, key, lambda: _factory(a, out, cfg), [a, out], [out], {"dtype": out_dtype.name}, started)
    return out


def _factory(a: Tensor, out: Tensor, cfg) -> O.ProgramEntry:
    """CloneOperation::create_descriptor, is_sharded."""
    in_fmt, out_fmt = data_format(a.dtype), data_format(out.dtype)
    convert = in_fmt != out_fmt
    tilized = out.layout == Layout.TILE
    spec = out.memory_config().shard_spec
    sh, sw = spec.shape
    if tilized:
        in_unit, out_unit = formats.tile_size(in_fmt), formats.tile_size(out_fmt)
        per_core = sh * sw // C.TILE_HW
    else:
        in_unit, out_unit = sw * element_size(a.dtype), sw * element_size(out.dtype)
        per_core = sh
    grid = spec.grid
    box = grid.bounding_box()
    ny = box.end.y + 1
    num_cores = grid.num_cores()
    cores = [CoreCoord(i // ny, i % ny) for i in range(num_cores)]       # grid_to_cores(n, x, y): column-major
    al = soc.DRAM_ALIGNMENT if a.memory_config().buffer_type == BufferType.DRAM else soc.L1_ALIGNMENT
    prog = mh.CreateProgram()
    src_cb, dst_cb = 4, 4
    O.cb(prog, grid, src_cb, 2, in_fmt, page_size=align(in_unit, al))
    if convert:
        dst_cb = 20
        O.cb(prog, grid, dst_cb, 2, out_fmt, page_size=align(out_unit, al))
    if tilized:
        rct, wct = [src_cb] + O.accessor_args(a), [dst_cb] + O.accessor_args(out)
        rname, wname = "read_kernel_sharded", "write_kernel_sharded"
    else:
        rct, wct = [src_cb, in_unit] + O.accessor_args(a), [dst_cb, out_unit] + O.accessor_args(out)
        rname, wname = "read_kernel_rm_sharded", "write_kernel_rm_sharded"
    rk = mh.CreateKernel(prog, _k(rname), grid, ReaderDataMovementConfig(compile_args=rct))
    wk = mh.CreateKernel(prog, _k(wname), grid, WriterDataMovementConfig(compile_args=wct))
    if convert:
        mh.CreateKernel(prog, _k("clone_compute_kernel"), grid, ComputeConfig(
            math_fidelity=getattr(cfg, "math_fidelity", MathFidelity.HiFi4),
            fp32_dest_acc_en=bool(getattr(cfg, "fp32_dest_acc_en", False)),
            dst_full_sync_en=bool(getattr(cfg, "dst_full_sync_en", False)),
            math_approx_mode=bool(getattr(cfg, "math_approx_mode", True)), compile_args=[src_cb, dst_cb, per_core]))

    def set_args(tensors):
        src, dst = tensors[0].buffer_address(), tensors[1].buffer_address()
        for c in cores:
            if tilized:
                mh.SetRuntimeArgs(prog, rk, c, [src, per_core])
                mh.SetRuntimeArgs(prog, wk, c, [dst, per_core])
            else:
                mh.SetRuntimeArgs(prog, rk, c, [src, in_unit, per_core])
                mh.SetRuntimeArgs(prog, wk, c, [dst, out_unit, per_core])

    return O.ProgramEntry(prog, set_args, num_cores, "clone (sharded)")
