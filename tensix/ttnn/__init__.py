"""tensix.ttnn: ttnn's Python API on the simulated Wormhole. Every op is a program of reader / compute / writer
kernels on the simulated cores (tt-metal's program factories, ported), so results carry the card's numerics and
every op run has a device time (`op_report()`).

    import tensix.ttnn as ttnn            # or `tensix run script.py`, which maps `import ttnn` here
    device = ttnn.open_device(device_id=0)
    a = ttnn.from_numpy(x, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    b = ttnn.add(a, a)
    print(ttnn.to_numpy(b)); ttnn.print_op_report()
"""

from tensix.ttnn import operations
from tensix.ttnn.core import (allocate_tensor_on_device, allocate_tensor_on_host, arange, copy_host_to_device_tensor,
                              deallocate, empty, empty_like, from_device, from_numpy, from_torch, full, full_like,
                              get_memory_config, is_tensor_storage_on_device, ones, ones_like, rand, to_device,
                              to_layout, to_numpy, to_torch, typecast, zeros, zeros_like)
from tensix.ttnn.device import get_max_worker_l1_unreserved_size
from tensix.ttnn.device import (Arch, CloseDevice, CreateDevice, Device, GetDefaultDevice, GetNumAvailableDevices,
                                GetNumPCIeDevices, GetPCIeDeviceID, MeshDevice, SetDefaultDevice, close_device,
                                manage_device, open_device, synchronize_device)
from tensix.ttnn.errors import (DeallocatedError, DeviceMismatchError, DTypeError, LayoutError, OutOfMemoryError,
                                ShapeError, ShardSpecError, TTNNError, UnknownKeywordError)
from tensix.ttnn.mesh import (ConcatMesh2dToTensor, ConcatMeshToTensor, CppMeshToTensor, CppTensorToMesh,
                              MeshComposerConfig, MeshCoordinate, MeshMapperConfig, MeshShape, MeshToTensor,
                              PlacementReplicate, PlacementShard, ReplicateTensorToMesh, ReplicateTensorToMeshWrapper,
                              ShardTensor2dMesh, ShardTensorToMesh, TensorToMesh, TensorTopology, aggregate_as_tensor,
                              close_mesh_device, concat_mesh_to_tensor_composer, create_mesh_composer,
                              create_mesh_device, create_mesh_mapper, distribute, get_device_tensors, open_mesh_device,
                              replicate_tensor_to_mesh_mapper, shard_tensor_to_mesh_mapper)
from tensix.ttnn.operations import *  # noqa: F401,F403
from tensix.ttnn.report import (OpRecord, clear_op_report, format_op_report, op_report, op_report_csv, op_trace,
                                print_op_report)
from tensix.ttnn.serialization import as_tensor, dump_tensor, load_tensor
from tensix.ttnn.sub_device import SubDevice, SubDeviceId, SubDeviceManagerId
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.tensor_spec import NdShardSpec, ShardDistributionStrategy, ShardShapeAlignment, TensorSpec
from tensix.ttnn.types import (DRAM_MEMORY_CONFIG, L1_MEMORY_CONFIG, ROW_MAJOR_LAYOUT, TILE_LAYOUT, TILE_SIZE,
                               BlackholeComputeKernelConfig, BufferType, CoreGrid, DataType,
                               GrayskullComputeKernelConfig, Layout, MemoryConfig, Shape, ShardOrientation, ShardSpec,
                               ShardStrategy, StorageType, TensorMemoryLayout, Tile, WormholeComputeKernelConfig,
                               bfloat4_b, bfloat8_b, bfloat16, create_sharded_memory_config,
                               create_sharded_memory_config_, float32, init_device_compute_kernel_config, int32, uint8,
                               uint16, uint32)
from tensix.metalium.types import CoreCoord, CoreRange, CoreRangeSet, MathFidelity
from tensix.metalium.types import NOC  # noqa: F401  (ttnn.NOC: get_optimal_dram_bank_to_logical_worker_assignment)

DEVICE_STORAGE_TYPE = StorageType.DEVICE
