"""Compute kernel of the tilize device op's kernel folder, used by ttnn.embedding's fused program
(EmbeddingsFusedProgramFactory): per_core_block_cnt blocks of per_core_block_tile_cnt tiles from cb_id_in0 (rows) to
cb_id_out0 (tiles) through compute_kernel_lib::tilize (Fp32Mode::Lossless for Float32 input).

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/data_movement/tilize/device/kernels/compute/tilize.cpp (the CBs are
compile-time args here, unlike ttnn/cpp/ttnn/kernel/compute/tilize.cpp: tensix's tilize.py). Compile-time args:
cb_id_in0, cb_id_out0, per_core_block_cnt, per_core_block_tile_cnt (then the embedding factory's unused num_chunks
and last_chunk_tiles)."""

from tensix.kernel import *  # noqa: F401,F403
from tensix.ttnn.kernels.data_movement import kernel_lib as kl


def kernel_main():
    cb_in, cb_out, block_cnt, tile_cnt = (get_compile_time_arg_val(i) for i in range(4))
    compute_kernel_hw_startup(cb_in, cb_out)
    fp32_mode = kl.Fp32Mode.Lossless if kl.is_fp32_input_format(cb_in) else kl.Fp32Mode.Fast
    kl.tilize(tile_cnt, cb_in, cb_out, block_cnt, init_uninit_mode=kl.InitUninitMode.InitAndUninit,
              wait_mode=kl.WaitMode.WaitBlock, reconfig_mode=kl.ReconfigureRegisterDatatypeMode.NoReconfigure,
              fp32_mode=fp32_mode)
