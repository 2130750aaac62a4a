"""The expected failures of the vendored data-movement tests (tt-metal 622c6fb9's permute, concat, slice, pad,
embedding, untilize, untilize_with_unpadding, reshape, transpose, to_layout, to_memory_config and narrow tests; clone,
fill_pad, reallocate, interleaved_to_sharded, stack, repeat_interleave and repeat: helper-60; gather, full_like,
pad_subcoregrids, concat_iterative, sharded_to_interleaved_oob, sort, indexed_fill and slice_write: helper-66), kept
apart from expected_failures.py (which loads this file) so that the op families' lists are edited independently.
Same rules: a case is xfail only while it stops on NotModelledError (or the exception an entry names); a wrong number
is a failure. Regenerate from a run with `-o tensix_expected_failures=` when an op lands (its cases XPASS)."""

from tensix.errors import NotModelledError

EXPECTED_FAILURES = {}


def _add(reason, patterns, raises=NotModelledError):
    for p in patterns:
        EXPECTED_FAILURES[p] = (reason, raises)


_add('ttnn.experimental.prepare_conv3d_weights is a ttnn operation that tensix does not model (no program of its own in tensix.ttnn).',
     ['tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_program_cache_hit_updates_pad_value_buffer'])

_add("fails on a card too: the test's bound (atol 0.025 + rtol 0.05) is below bfloat8_b's own quantization step. A "
     "16-value block whose largest magnitude is in [4, 8) stores steps of 1/16, so a small value can be 1/32 = 0.03125 "
     "off after from_torch alone; the unseeded randn input of 262144 values has such blocks in every draw. ttnn 0.81.1's "
     "host conversion gives the same 0.03125 (3 values out of bounds on a bf16 randn of this shape), and tensix's host "
     "bfloat8_b packing is bit-identical to it there",
     ['tests/ttnn/unit_tests/operations/data_movement/test_untilize.py::test_untilize_multi_core_interleaved_to_interleaved[tensor_shape=[2, 256, 512]-dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)

_add("fails on a card too: assert_quality's bfloat8_b bound is below bfloat8_b's own quantization step: a 16-value "
     "block whose largest magnitude is in [4, 8) stores steps of 1/16, so a small value can be 1/32 = 0.03125 off after "
     "from_torch alone (the Max ATOL Delta this case reports); the unseeded randn input of 168960 values has such "
     "blocks in most draws, and tensix's host bfloat8_b packing is bit-identical to ttnn 0.81.1's",
     ['tests/ttnn/unit_tests/base_functionality/test_to_layout.py::test_to_layout_sharded[dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)


# helper-60: test_interleaved_to_sharded.py
_add("fails on a card too: assert_quality's bfloat8_b bound (atol 0.025 + rtol 0.05) is below bfloat8_b's own quantization step: a 16-value block whose largest magnitude is in [4, 8) stores steps of 1/16, so a small value can be 1/32 = 0.03125 off after the conversion alone (the Max ATOL Delta these cases report). A host round trip of the same unseeded randn draw through from_torch(bfloat8_b) / to_torch, no device op at all, breaks the bound in 3 of 10 seeds for [2, 2, 128, 64] (max error 0.03125); tensix's host bfloat8_b packing is bit-identical to ttnn 0.81.1's (see test_to_layout_sharded's entry), and the device-side float32 -> bfloat8_b packing rounds to the same grid. Some draws pass (the cases XPASS then)",
     ['tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_height_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[2, 2, 128, 64]-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_height_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_height_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[2, 2, 128, 64]-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_height_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_width_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[2, 1, 32, 512]-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_width_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_width_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[2, 1, 32, 512]-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_width_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.BFLOAT8_B-out_dtype=DataType.FLOAT32]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.FLOAT32-out_dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.BFLOAT8_B-out_dtype=DataType.FLOAT32]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.FLOAT32-out_dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.BFLOAT8_B-out_dtype=DataType.FLOAT32]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.FLOAT32-out_dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.BFLOAT8_B-out_dtype=DataType.FLOAT32]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_convert_dtype[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-layout=Layout.TILE-in_dtype=DataType.FLOAT32-out_dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::DRAM,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::L1,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::DRAM,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::L1,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::DRAM,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 416, 64]-shard_type=TensorMemoryLayout.HEIGHT_SHARDED-shard_shape=(128, 64)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::L1,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::DRAM,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]',
      'tests/ttnn/unit_tests/operations/data_movement/test_interleaved_to_sharded.py::test_interleaved_to_dram_sharded_via_to_memory_layout[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 64, 416]-shard_type=TensorMemoryLayout.WIDTH_SHARDED-shard_shape=(64, 128)-shard_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=0)),))-input_mem_config=MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::L1,shard_spec=std::nullopt,nd_shard_spec=std::nullopt,created_with_nd_shard_spec=0,per_core_allocation=0,range_lockstep_allocation=0)-layout=Layout.TILE-dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)


# helper-66: test_sort.py, test_indexed_fill.py, test_slice_write.py (the ops are not in tensix.ttnn: their cases stop
# on the placeholder's NotModelledError)
_D = 'tests/ttnn/unit_tests/operations/data_movement/'
# helper-69: ttnn.sort runs SortProgramFactorySingleRowSingleCore and SortProgramFactoryCrossCoreDataExchange
# (tensix/ttnn/operations/dm_sort.py); still refused:
_S = _D + 'test_sort.py::'
_add("ttnn.sort of a row of more than 8192 tiles (64 cores x 128 tiles, after sort.cpp's power-of-two padding) runs "
     "SortProgramFactorySingleRowMultiCore (sort_program_factory.cpp: the row sorted through a DRAM scratch tensor, "
     "pairs of tiles handed to worker cores by a coordinator core), which tensix does not model",
     [_S + 'test_sort_long_tensor[shape=[1, 524288]-dim=-1-descending=False]'])
_add("ttnn.sort of UINT16 values: the sort kernels move them through transpose_wh, copy_tile and tt-llk's topk SFPU "
     "kernel in Dst; how the card's unpacker, SFPLOAD / SFPSWAP and packer treat UInt16 data there is not modelled "
     "(tensix's data path gives zeros, a plausible wrong number), so dm_sort refuses it",
     [_S + 'test_sort_datatypes[shape=[32, 64]-dim=-1-descending=False-torch_value_dtype=torch.uint8-'
      'ttnn_value_dtype=DataType.UINT16-ttnn_index_dtype=DataType.' + d + ']' for d in ('UINT16', 'UINT32')])

_add("ttnn.indexed_fill is not modelled, and 622c6fb9's sources disagree with themselves: indexed_fill_program_factory.cpp "
     "(the old one-batch-per-core factory, writer_unary_stick_layout_interleaved_start_id, 6 reader runtime args) "
     "gives the reader compile-time args {cb, batch cb, page_size, TensorAccessorArgs...}, while indexed_fill_reader.cpp "
     "reads compile-time arg 3 as its mode (0 generic, 1 native height-sharded, 2 / 3 shard-local) and runtime args up to "
     "9 (generic) or 12 (shard-local): arg 3 is input_a's TensorAccessorArgs config word (IsDram = 2: a DRAM input "
     "runs the shard-local path with runtime args the factory never set). What the card computes is not defined by "
     "the source, so tensix does not guess (the test asserts shapes only)",
     [_D + 'test_indexed_fill.py::' + f for f in (
         'test_indexed_fill_tile_layout', 'test_indexed_fill_sharded', 'test_indexed_fill_block_sharded_tile',
         'test_indexed_fill_dim')])

_add("ttnn.experimental.slice_write is not modelled (slice_write.cpp: TILE tensors through ttnn.to_layout to ROW_MAJOR "
     "and back, assigned to the caller's output tensor in place; SliceWriteRMInterleavedProgramFactory's "
     "slice_write_reader_interleaved / slice_write_writer_interleaved(_strided))",
     [_D + 'test_slice_write.py::test_slice_write_nd'])
