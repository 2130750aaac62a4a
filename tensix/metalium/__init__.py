"""tensix.metalium: the TT-Metalium host API on the simulated Wormhole (Metalium's names)."""

from tensix.metalium.accessor import TensorAccessorArgs, tilize_nfaces, untilize_nfaces
from tensix.metalium.host import (Buffer, CircularBufferConfig, CloseDevice, CommandQueue, CreateBuffer,
                                  CreateCircularBuffer, CreateDevice, CreateKernel, CreateProgram, CreateSemaphore,
                                  DeallocateBuffer, EnqueueProgram, EnqueueReadBuffer, EnqueueWriteBuffer, Finish,
                                  GetRuntimeArgs, InterleavedBufferConfig, Kernel, Program, SetCommonRuntimeArgs,
                                  SetRuntimeArgs, corerange_to_cores, split_work_to_cores)
from tensix.metalium.types import (NOC, BufferType, ComputeConfig, CoreCoord, CoreRange, CoreRangeSet, DataFormat,
                                   DataMovementConfig, DataMovementProcessor, MathFidelity,
                                   ReaderDataMovementConfig, UnpackToDestMode, WriterDataMovementConfig)
from tensix.kernel.dataflow import CB, CBIndex

__all__ = [n for n in dir() if not n.startswith("_")]
