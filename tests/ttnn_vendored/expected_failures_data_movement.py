"""The expected failures of the vendored data-movement tests (tt-metal 622c6fb9's permute, concat, slice, pad,
embedding, untilize, untilize_with_unpadding, reshape, transpose, to_layout, to_memory_config and narrow tests), kept
apart from expected_failures.py (which loads this file) so that the op families' lists are edited independently.
Same rules: a case is xfail only while it stops on NotModelledError (or the exception an entry names); a wrong number
is a failure. Regenerate from a run with `-o tensix_expected_failures=` when an op lands (its cases XPASS)."""

from tensix.errors import NotModelledError

EXPECTED_FAILURES = {}


def _add(reason, patterns, raises=NotModelledError):
    for p in patterns:
        EXPECTED_FAILURES[p] = (reason, raises)


_add('ttnn.to_memory_config(t, its own sharded config, output_tensor=...) of row-major shard rows that are not 16-byte aligned: reshard and sharded_to_interleaved refuse them, so tt-metal runs ttnn::prim::copy, whose SameMemoryConfig factory (the configs are equal) addresses the shards through shard_builder\'s ShardedAddrGen (reader_unary_stick_start_id / writer_unary_stick_start_id with SHARDED), which tensix.ttnn does not model.',
     ['tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_width_sharded_unaligned_shard_width_uint16',
      'tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_width_sharded_unaligned_shard_width'])


_add("ttnn.to_memory_config: an ND-sharded (legacy-equivalent BLOCK) row-major tensor to block shards of another width: reshard (the config made from an ND spec skips the s2i -> i2s workaround) runs ReshardGenericFactory with different page sizes (reshard_reader_diff_width), which tensix.ttnn does not model.",
     ['tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_nd_sharded_to_legacy_2d_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 100, 100]-input_nd_shard_shape=[1, 1, 32, 32]-input_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=3)),))-output_shard_layout=TensorMemoryLayout.BLOCK_SHARDED-output_shard_shape_2d=(64, 64)-output_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))]',
      'tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_nd_sharded_to_legacy_2d_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 128, 128]-input_nd_shard_shape=[1, 1, 32, 32]-input_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=3)),))-output_shard_layout=TensorMemoryLayout.BLOCK_SHARDED-output_shard_shape_2d=(64, 64)-output_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))]',
      'tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_nd_sharded_to_legacy_2d_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 100, 100]-input_nd_shard_shape=[1, 1, 32, 32]-input_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=3)),))-output_shard_layout=TensorMemoryLayout.BLOCK_SHARDED-output_shard_shape_2d=(64, 64)-output_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))]',
      'tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_nd_sharded_to_legacy_2d_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 128, 128]-input_nd_shard_shape=[1, 1, 32, 32]-input_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=3, y=3)),))-output_shard_layout=TensorMemoryLayout.BLOCK_SHARDED-output_shard_shape_2d=(64, 64)-output_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))]'])


_add('ttnn.experimental.view: a row-major view that changes the last dim (view_device\'s new page size / shard spec over the same buffer) is not modelled.',
     ['tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_sharded_permute_rm',
      'tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_sharded_rm'])

_add('ttnn.pad: an input is sharded; tensix.ttnn runs this op on interleaved tensors only (its sharded program factories are not ported yet).',
     ['tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_front_padding_tile_layout_not_supported',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_to_legacy_sharded[layout=Layout.ROW_MAJOR-output_memory_layout=TensorMemoryLayout.BLOCK_SHARDED-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[1, 1, 16, 64]-padded_shape=[1, 1, 32, 64]-input_shard_shape=[1, 1, 8, 64]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_to_legacy_sharded[layout=Layout.ROW_MAJOR-output_memory_layout=TensorMemoryLayout.BLOCK_SHARDED-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[2, 1, 16, 64]-padded_shape=[2, 1, 32, 64]-input_shard_shape=[1, 1, 16, 64]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_to_legacy_sharded[layout=Layout.ROW_MAJOR-output_memory_layout=TensorMemoryLayout.HEIGHT_SHARDED-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[1, 1, 16, 64]-padded_shape=[1, 1, 32, 64]-input_shard_shape=[1, 1, 8, 64]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_to_legacy_sharded[layout=Layout.ROW_MAJOR-output_memory_layout=TensorMemoryLayout.HEIGHT_SHARDED-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[2, 1, 16, 64]-padded_shape=[2, 1, 32, 64]-input_shard_shape=[1, 1, 16, 64]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_to_legacy_sharded[layout=Layout.ROW_MAJOR-output_memory_layout=TensorMemoryLayout.WIDTH_SHARDED-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[1, 1, 16, 64]-padded_shape=[1, 1, 32, 64]-input_shard_shape=[1, 1, 8, 64]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_nd_sharded_to_legacy_sharded[layout=Layout.ROW_MAJOR-output_memory_layout=TensorMemoryLayout.WIDTH_SHARDED-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[2, 1, 16, 64]-padded_shape=[2, 1, 32, 64]-input_shard_shape=[1, 1, 16, 64]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_rm_sharded_stickwise'])
_add('ttnn.slice: an input is sharded; tensix.ttnn runs this op on interleaved tensors only (its sharded program factories are not ported yet).',
     ['tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_issue_38841_regression',
      'tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_sharded_auto_shard_spec_recomputation',
      'tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_sharding_independence[input_shape=[1, 1, 128, 128]-begins=[0, 0, 32, 32]-ends=[1, 1, 96, 96]-use_sharding=True]',
      'tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_sharding_independence[input_shape=[1, 1, 64, 64]-begins=[0, 0, 0, 0]-ends=[1, 1, 32, 64]-use_sharding=True]',
      'tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_within_tile_vs_across_tiles[input_shape=[1, 1, 128, 128]-begins=[0, 0, 32, 0]-ends=[1, 1, 96, 128]-layout=Layout.TILE-use_sharding=True-description=sharded_aligned_slice]',
      'tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_within_tile_vs_across_tiles[input_shape=[1, 1, 256, 32]-begins=[0, 0, 0, 0]-ends=[1, 1, 128, 32]-layout=Layout.TILE-use_sharding=True-description=sharded_tile_boundary]'])

_add('ttnn.transpose of a sharded ROW_MAJOR tensor: TransposeHCShardedProgramFactory, TransposeHCRMProgramFactory and the row-major TransposeWHProgramFactory are not ported to tensix, and TransposeCNProgramFactory over BLOCK / WIDTH sharded row-major buffers (tt-metal splits each row over the shards with noc_async_*_sharded) is not modelled.',
     ['tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_hc_sharded_with_program_cache',
      'tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_sharded[[]*-rm-wh]',
      'tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_sharded[[]*-rm-hc]',
      'tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_sharded[[]*-input_block-output_*-rm-cn]',
      'tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_sharded[[]*-input_height-output_block-rm-cn]',
      'tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_sharded_rm_width'])

_add('ttnn.reshape: an input is sharded; tensix.ttnn runs this op on interleaved tensors only (its sharded program factories are not ported yet).',
     ['tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_block_shard',
      'tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_height_shard',
      'tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_width_shard'])

_add("module 'ttnn' has no attribute 'ShardTensor2dMesh': tensix does not model ttnn.ShardTensor2dMesh yet (looked in tensix.ttnn, tensix.ttnn.compat.ttnn._provisional).",
     ['tests/tt_eager/python_api_testing/unit_testing/misc/test_transpose.py::test_transpose_29126'])

_add('ttnn.allocate_tensor_on_device is a ttnn operation that tensix does not model (no program of its own in tensix.ttnn).',
     ['tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_rm_preallocated_output'])

_add('ttnn.experimental.prepare_conv3d_weights is a ttnn operation that tensix does not model (no program of its own in tensix.ttnn).',
     ['tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_program_cache_hit_updates_pad_value_buffer'])

_add('ttnn.reshape of a tiled host tensor that moves data (ttnn views the host storage and would mix padding into the data).',
     ['tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_zero_element[use_device=False-memory_config=None-ttnn_reshape=True-layout=Layout.TILE-input_shape=[0]-output_shape=[0, 1]]'])

_add('ttnn.slice with start / end tensors (the tensor-args slice) is not modelled.',
     ['tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_tensor_args'])

_add('ttnn.slice: a strided slice of a rank-5 tensor (the _nd kernels) is not modelled.',
     ['tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_5d[layout=Layout.ROW_MAJOR-input_shape=(1, 1, 32, 32, 64)-input_start=(0, 0, 0, 0, 0)-input_ends=(1, 1, 32, 1, 32)-input_stride=(1, 1, 2, 1, 2)]'])

_add('ttnn.slice: a strided slice of a rank-7 tensor (the _nd kernels) is not modelled.',
     ['tests/ttnn/unit_tests/operations/data_movement/test_slice.py::test_slice_7d_strided'])

_add("fails on a card too: the test's bound (atol 0.025 + rtol 0.05) is below bfloat8_b's own quantization step. A "
     "16-value block whose largest magnitude is in [4, 8) stores steps of 1/16, so a small value can be 1/32 = 0.03125 "
     "off after from_torch alone; the unseeded randn input of 262144 values has such blocks in every draw. ttnn 0.81.1's "
     "host conversion gives the same 0.03125 (3 values out of bounds on a bf16 randn of this shape), and tensix's host "
     "bfloat8_b packing is bit-identical to it there",
     ['tests/ttnn/unit_tests/operations/data_movement/test_untilize.py::test_untilize_multi_core_interleaved_to_interleaved[tensor_shape=[2, 256, 512]-dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)

_add("ttnn.experimental.view of a row-major sharded tensor changing its last dim (tensor_ops.cpp view_device: a new "
     "shard spec of the same volume over the same buffer) is not modelled.",
     ['tests/ttnn/unit_tests/base_functionality/test_reshape.py::test_reshape_sharded_rm[w=64-h=64-c=4-n=16]'])


_add('ttnn.reshard: a row-major reshard between shards of different widths (here BLOCK -> an ND spec whose legacy equivalent is HEIGHT; to_memory_config_op.cpp skips the s2i -> i2s workaround for a config made from an ND spec) runs ReshardGenericFactory with different page sizes (reshard_reader_diff_width), which tensix.ttnn does not model.',
     ['tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_legacy_sharded_to_nd_sharded[shard_orientation=ShardOrientation.ROW_MAJOR-tensor_shape=[1, 1, 128, 128]-input_shard_layout=TensorMemoryLayout.BLOCK_SHARDED-input_shard_shape=(64, 64)-input_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-output_nd_shard_shape=[1, 1, 64, 128]-output_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=0)),))]',
      'tests/ttnn/unit_tests/base_functionality/test_to_memory_config.py::test_to_memory_config_legacy_sharded_to_nd_sharded[shard_orientation=ShardOrientation.COL_MAJOR-tensor_shape=[1, 1, 128, 128]-input_shard_layout=TensorMemoryLayout.BLOCK_SHARDED-input_shard_shape=(64, 64)-input_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-output_nd_shard_shape=[1, 1, 64, 128]-output_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=0)),))]'])


_add('ttnn.pad: a tiled pad with a sharded input or output (fill_implicit_tile_padding and views over the shards) is not modelled by tensix.ttnn.',
     ['tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_interleaved_to_legacy_sharded[layout=Layout.TILE-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=2, y=2)),))-tensor_shape=[3, 1, 128, 128]-padded_shape=[3, 1, 192, 192]-dtype=DataType.BFLOAT16]',
      'tests/ttnn/unit_tests/operations/data_movement/test_pad.py::test_pad_legacy_sharded_to_interleaved[layout=Layout.TILE-shard_core_grid=CoreRangeSet((CoreRange(start=CoreCoord(x=0, y=0), end=CoreCoord(x=1, y=1)),))-tensor_shape=[3, 1, 128, 128]-padded_shape=[3, 1, 150, 150]-dtype=DataType.BFLOAT16]'])


_add("fails on a card too: assert_quality's bfloat8_b bound is below bfloat8_b's own quantization step: a 16-value "
     "block whose largest magnitude is in [4, 8) stores steps of 1/16, so a small value can be 1/32 = 0.03125 off after "
     "from_torch alone (the Max ATOL Delta this case reports); the unseeded randn input of 168960 values has such "
     "blocks in most draws, and tensix's host bfloat8_b packing is bit-identical to ttnn 0.81.1's",
     ['tests/ttnn/unit_tests/base_functionality/test_to_layout.py::test_to_layout_sharded[dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)
