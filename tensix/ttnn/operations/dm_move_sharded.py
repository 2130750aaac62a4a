"""ttnn.move of a sharded tensor (what ttnn.reallocate runs for one), as tt-metal 622c6fb9 does it
(ttnn/cpp/ttnn/operations/data_movement/move/move.cpp move_sharded, device/move_sharded_program_factory.cpp):
the input's buffer is freed first (a ghost tensor keeps its address for the program), the output allocated with the
input's shard spec (memory_config may change the memory layout and buffer type only, and must be sharded); at the
same address nothing moves ("No space to move the tensor"); else MoveShardedProgramFactory runs on the shard grid:
c_0 backed by the old buffer, c_1 by the new one (aligned_size_per_bank bytes in pages of the aligned page size),
reader_unary_local_l1_copy_backwards copying each core's shard within its L1. The input tensor is deallocated
afterwards, as in ttnn.

Not modelled (NotModelledError): a shard in DRAM (the kernel copies within a core's L1)."""

from __future__ import annotations

import time

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import NOC, DataMovementConfig, DataMovementProcessor
from tensix.ttnn import op as O
from tensix.ttnn.errors import TTNNError
from tensix.ttnn.operations import _dm_common as C
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import BufferType, MemoryConfig, data_format

__all__: list[str] = []


def move_sharded(op: str, a: Tensor, memory_config: MemoryConfig | None) -> Tensor:
    started = time.perf_counter()
    dev = O.device_of(op, a)
    in_mc = a.memory_config()
    spec = in_mc.shard_spec
    if memory_config is not None:
        if not memory_config.is_sharded():
            raise TTNNError(f"{op}: Expected output tensor memory config to be sharded (moving a sharded tensor keeps "
                            f"its shard spec), got {memory_config!r}.\nFix: ttnn.to_memory_config first, or pass a "
                            "sharded memory config.")
        mc = MemoryConfig(memory_config.memory_layout, memory_config.buffer_type, spec)
    else:
        mc = in_mc
    if in_mc.buffer_type != BufferType.L1 or mc.buffer_type != BufferType.L1:
        raise NotModelledError(f"{op}: moving a sharded tensor to or from DRAM (MoveShardedProgramFactory copies "
                               "within each core's L1) is not modelled.\nFix: keep the shards in L1.")
    old = a._buffer
    ghost = Tensor._make(a.shape, a.dtype, a.layout, device=dev, buffer=old, memory_config=in_mc,
                         padded=a.padded_shape)
    mh.DeallocateBuffer(old)                    # the input's memory is free before the output is allocated
    a._buffer = None
    a._deallocated = True
    out = C.make_output(dev, a.shape, a.dtype, a.layout, mc, padded=a.padded_shape)
    if old.address() == out._buffer.address():
        return out                              # tt-metal: "No space to move the tensor"
    total = old._per_bank
    page = old.aligned_page_size
    chunk = (out._buffer.address() - old.address()) & 0xFFFFFFFF
    if chunk % 16:
        raise TTNNError(f"{op}: Expected chunk size bytes to move to be 16 byte aligned (got {chunk}).")
    runtime = [total, total // chunk, chunk, total % chunk]
    fmt = data_format(a.dtype)
    key = ("move_sharded", O.spec_key(a), O.spec_key(out))

    def factory():
        prog = mh.CreateProgram()
        cfgs = []
        for idx in (0, 1):
            cfg = mh.CircularBufferConfig(total, {idx: fmt}).set_page_size(idx, page)
            mh.CreateCircularBuffer(prog, spec.grid, cfg)
            cfgs.append(cfg)
        cores = C.corerange_to_cores(spec.grid, None, row_wise=True)
        rk = mh.CreateKernel(prog, O.kernel_path("data_movement/reader_unary_local_l1_copy_backwards.py"), cores,
                             DataMovementConfig(processor=DataMovementProcessor.RISCV_1, noc=NOC.NOC_1,
                                                compile_args=[0, 1]))

        def set_args(tensors, rt):
            src, dst = tensors
            cfgs[0].set_globally_allocated_address(src._buffer)
            cfgs[1].set_globally_allocated_address(dst._buffer)
            for c in cores:         # the address arithmetic changes with every call: the args are recomputed
                mh.SetRuntimeArgs(prog, rk, c, rt)

        return O.ProgramEntry(prog, set_args, len(cores), "MoveShardedProgramFactory")

    O.run(op, dev, key, factory, [ghost, out], [out], {}, started, runtime=runtime)
    return out
