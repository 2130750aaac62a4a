"""The vendored tt-metal cases that tensix cannot run or pass, each with its reason. The pytest plugin
(tensix.ttnn.pytest_plugin) marks them xfail(raises=...): they count as expected only while they stop with that
exception -- tensix's NotModelledError (and NotModelledAttributeError, for a ttnn name tensix.ttnn lacks, and the
NotModelledError of a ttnn operation tensix does not run) unless the entry names another type. A case that fails any
other way is a failure.

Kinds of entries:
- not modelled: the reason is the NotModelledError's own message (the op, variant or API tensix lacks);
- FAILS ON ANY DEVICE: the test's golden cannot be met by a correct device result, shown on the host (the evidence is
  in the reason);
- DATA: the golden is ill-conditioned with the random inputs this machine's torch draws (they differ from tt-metal
  CI's: tt-metal #45788 quotes torch.sum = -2835.25 for test_sum_global's (16, 41, 63) input, this torch draws an input
  whose sum is 40.7), so a relative error bound on a sum near zero fails; the absolute error is the card's chain's;
- OPEN: numbers narrowly over the test's threshold, root cause not found (candidates named); these are the cases to
  check against a card;
- BUG (owner): a tensix bug in another helper's module, reported.
Delete an entry when its op lands or its cause is fixed: the case then XPASSes (`pytest ... --tensix-xfail-strict`
turns XPASSes into failures, to find stale entries). A pattern is a node id (relative to tests/ttnn_vendored), a test
function (all its cases) or an fnmatch pattern. Generated from a run of the vendored tests without this list
(`-o tensix_expected_failures=`) at the commit that last changed this file."""

from _pytest.outcomes import Failed

from tensix.device.errors import L1OverflowError
from tensix.device.fpu import FpuError
from tensix.errors import NotModelledError
from tensix.ttnn.errors import DTypeError, LayoutError, OutOfMemoryError, ShapeError, ShardSpecError

EXPECTED_FAILURES = {}


def _add(reason, patterns, raises=NotModelledError):
    for p in patterns:
        EXPECTED_FAILURES[p] = (reason, raises)


_add('exp_tile<approx=true, ClampToNegative> of 622c6fb9: its input clamp is an SFPSWAP instruction template that SFPLOADMACRO schedules with VB = LReg14 (-88.5) and VC = VD = the loaded LReg; SFPSWAP.md\'s functional model never reads VB (the swap would do nothing), tt-llk\'s comments say it compares against LReg14. The sources disagree, so tensix does not guess. (ttnn.log_sigmoid\'s logsigmoid_kernel runs exp_tile<true> on -x; the case passes with TT_METAL_DISABLE_SFPLOADMACRO=1.)',
     ['tests/ttnn/unit_tests/operations/eltwise/test_activation.py::test_log_sigmoid'])


# test_where.py (ttnn.where: tensix.ttnn.operations.ternary)
_add("FAILS ON ANY DEVICE: calculate_rdiv (622c6fb9 ckernel_sfpu_rdiv.h) rounds 1/x to bfloat16 (nearest) for a 16-bit Dst before multiplying by the value: for x = -0.224609375 (bf16), 1/x = -4.45217 rounds to -4.4375, times 0.45f is -1.99688, trunc -1; the golden (torch bf16 div, trunc) is -2 (0.45 / x = -2.00348). That one element of 2304 gives PCC 0.99834 (the test asks 0.999); every other element equals the golden",
     ['tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_rdiv_ttnn[rounding_mode=trunc-torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16-param=0.45-input_shapes=torch.Size([1, 1, 3, 64, 12])]'],
     raises=AssertionError)

_add("OPEN: Frobenius 0.0101-0.0106 against the test's 0.008 (rms_norm's default config: 16-bit Dst, HiFi4). Candidate: tensix rounds each fidelity phase of the GAPOOL sum of x^2 into the 16-bit Dst (fpu.py, one read-modify-write per phase); a host emulation with one rounding per 16-row pool gives 0.0048, with one per phase 0.0086",
     ['tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm[w=1024-h=24-batch_size=1]',
      'tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm[w=1024-h=24-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm[w=1024-h=32-batch_size=1]',
      'tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm[w=1024-h=32-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm[w=1024-h=384-batch_size=1]'],
     raises=AssertionError)

_add("OPEN: Frobenius 0.029-0.031 against the test's 0.012 (layernorm_large_tensor.cpp, rms_norm's default config: 16-bit Dst, HiFi4; x = input + residual in (0, 2), so each row's sum of 4022 squares, about 5300, is accumulated in a BF16 Dst). Each row comes out scaled by 1.01-1.03: the sum of squares is low. Same candidate as the rms_norm entry above (tensix rounds each fidelity phase of the GAPOOL sum into the 16-bit Dst): a host emulation with one BF16 rounding per reduced tile gives 0.0116; with fp32_dest_acc_en tensix gives 0.0018",
     ['tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm_with_weight_and_residual[dtype=torch.bfloat16-w=4022-h=24-batch_size=1]',
      'tests/ttnn/unit_tests/operations/fused/test_rms_norm.py::test_rms_norm_with_weight_and_residual[dtype=torch.float32-w=4022-h=24-batch_size=1]'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE: the golden is softmax of the bfloat16 input, the device gets its bfloat8_b conversion (ttnn 0.81.1's host conversion, checked equal to tensix's on these inputs), which moves values of magnitude up to 1000 by up to 4 and ties the rows' top values: softmax of the converted input, computed in float64 on the host, has PCC 0.600 against the golden (the test asks 0.999); tensix's output has PCC 0.999996 against that host softmax",
     ['tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_stable_with_program_cache[[]in_dtype=DataType.BFLOAT8_B-*'],
     raises=AssertionError)

_add("OPEN: bfloat16 softsign 0.0078 (2^-7) from torch's bfloat16 softsign against the test's atol 0.004: softsign_tile stores x * recip(1 + |x|) into the 16-bit Dst unrounded (SFPSTORE BF16 truncates toward zero, ISA SFPSTORE.md) while torch rounds 1 + |x| and the quotient to bfloat16; e.g. x = 3.640625: tensix 0.78125, exact 0.78451, torch 0.7890625. The float32 and bfloat8_b cases pass. Check on a card",
     ['tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_softsign_ttnn[torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16-atol=0.004-input_shapes=torch.Size([1, 3, 320, 384])]',
      'tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_softsign_ttnn[torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16-atol=0.004-input_shapes=torch.Size([3, 128, 32])]'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.0222-0.0242 against the test's 0.021. The test's WormholeComputeKernelConfig keeps its default math_approx_mode = True, so softmax.cpp (the small kernel: 193-196 bfloat16 tiles and a Float32 row of exps fit in 90% of L1) runs exp_tile<true> (Schraudolph's exponential, 8 fraction bits) and recip_tile<legacy_compat = true> in approximate mode (_reciprocal_compat_<2>: the 1.442695 linear guess and one Newton step, 0 to 3.8 % low depending on the sum's mantissa (exact where it is 2/1.442695); -0 to -3.25 % on these 32 rows). A float64 host model of that chain (fp32 Dst, exps exact in Float32 CBs, sum in fp32, reciprocal truncated to TF32 by the unpacker, HiFi4 product, bf16 pack) gives 0.022838 for Wt = 193, as tensix does (197 k outputs, 110 differ by fp32 summation order); with exact exps and the approximate reciprocal 0.0107, with the approximate exps and an exact reciprocal 0.0189 (tests/test_ttnn_open_numerics.py)",
     ['tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_large_kernel_block_size'],
     raises=AssertionError)

_add("OPEN (the 16-bit Dst's tie rounding, tensix.device.fpu.DST_BF16_ROUNDING): ULP 15 against the test's 10 at [6, 1, 1], 1.1991e-08 against torch's 1.1118e-08 (row [9.0625, -9.25]; the other metrics pass). softmax.cpp's default config (HiFi4, 16-bit Dst, math_approx_mode) computes x - max = -18.3125 with ELWSUB into the 16-bit Dst: a tie between -18.25 and -18.375. tensix rounds it to even (-18.25, +6.4 % on exp: about 12 of the 15 ulps), then Schraudolph's exp (1.2136e-08, stored truncated 1.2107e-08) times the approximate reciprocal of the row sum 0.9765625 (0.99538, stored 0.9921875); a float64 host model with that rule equals tensix on all 32 outputs. ttsim's FPU datapath (mesham/tt-sim's port of ttsim's fpu_accum_normalize_encode) rounds half away from zero: -18.375, max ULP 9, and the case passes. Until a card settles the rule this hidden case (not in the sampled set) stays here",
     ['tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_with_padded_tile_layout'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.0315-0.0322 against the test's 0.030 (scale_mask_softmax, math_approx_mode, 16-bit Dst). Inputs in [-1000, 1000] with half the columns masked make most rows nearly one-hot (20 % of the golden rows hold exactly 1.0): the row sum is then exp_tile<true>(0) = 0.978, stored as 0.9765625 (SFPSTORE BF16 truncates), whose approximate reciprocal (recip_tile<legacy_compat>, _reciprocal_compat_<2>: one Newton step from the 1.442695 guess) is 0.99538 (exact 1.024), stored 0.9921875, so the row's top value comes out 0.96875 (-3.1 %) on any device running these kernels. A float64 host model of the chain (ELWSUB / ELWMUL fidelity phases into a 16-bit Dst, Schraudolph exp, the compat reciprocal, the matmul row sum) gives 0.03169, tensix 0.03163 (the models differ only on 329 of 262 k values near 1e-37); the same chain with an exact reciprocal of the device's sum gives 0.0031. With fp32_dest_acc_en the exps and reciprocal are not truncated (0.978 * 0.995) and the case passes",
     ['tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_stable_with_program_cache[[]in_dtype=DataType.BFLOAT16-fp32_acc_en=False-math_approx=True-skip_scale_mask=False-*'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE: as the interleaved test_softmax_stable_with_program_cache bfloat8_b cases above: the golden is softmax of the bfloat16 input in [-1000, 1000], the device gets its bfloat8_b conversion, which ties or reorders the rows' top values: softmax of the converted input, computed in float64 on the host, has PCC 0.822 (skip_scale_mask=True) / 0.918 (with the mask) against the golden (the test asks 0.999); tensix's sharded output has PCC 0.9999 against that host softmax (and is bit-identical to the interleaved program's on the same data)",
     ['tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=True-math_approx=True-skip_scale_mask=True-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=True-math_approx=True-skip_scale_mask=False-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=True-math_approx=False-skip_scale_mask=True-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=True-math_approx=False-skip_scale_mask=False-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=False-math_approx=True-skip_scale_mask=True-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=False-math_approx=True-skip_scale_mask=False-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=False-math_approx=False-skip_scale_mask=True-w=384-h=384-num_heads=4-batch_size=8]',
      'tests/ttnn/unit_tests/operations/fused/test_softmax.py::test_softmax_sharded_stable_with_program_cache[in_dtype=DataType.BFLOAT8_B-fp32_acc_en=False-math_approx=False-skip_scale_mask=False-w=384-h=384-num_heads=4-batch_size=8]'],
     raises=AssertionError)

_add('transposed in1 tiles of 32x16 (transpose_tile=True with tile_w=16): tt-llk\'s matmul has no address-modifier handling for them (llk_math_matmul.h; the test\'s _TINY_TILE_SUPPORTED_COMBOS excludes them, skipped only under TT_METAL_LLK_ASSERTS), so tensix refuses rather than guess what the card computes. (ttnn.matmul / ttnn.linear run the other tiny-tile cases: tensix.kernel.tile_shape.)',
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_reuse_config_sharded_tiny_tile[[]transpose_tile=True*tile_w=16-*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_2d_tiny_tile[[]transpose_tile=True*tile_w=16-*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_1d_tiny_tile[[]transpose_tile=True*tile_w=16-*'])

_add('an output tile wider than the in1 tile (the sharded output of these tests with tile_h <= 16 takes ttnn.Tile([tile_h, 32]) while in1 is in [32, 16] tiles: tile_width_ratio 2): how tt-metal packs two 16-wide results into one output tile is not modelled by tensix.',
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_2d_tiny_tile[[]transpose_tile=False*tile_w=16-tile_h=16-*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_1d_tiny_tile[[]transpose_tile=False*tile_w=16-tile_h=16-*'])

_add('a row-broadcast bias in 32x16 tiles: tt-llk does not support the row broadcast of a 32x16 tile (the test\'s _TINY_TILE_SUPPORTED_COMBOS excludes (tile_w=16, tile_h=32, has_bias), skipped only under TT_METAL_LLK_ASSERTS), so tensix refuses rather than guess what the card computes.',
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_2d_tiny_tile[[]transpose_tile=False*tile_w=16-tile_h=32-*has_bias=True*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_1d_tiny_tile[[]transpose_tile=False*tile_w=16-tile_h=32-*has_bias=True*'])

# test_addmm.py, test_experimental.py (helper-67)
_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.0050 against the test's 0.004 (0.001 * K for K = 4). ttnn.addmm is matmul.cpp's composite: bound_matmul (no compute_kernel_config: HiFi2, a 16-bit Dst for a bfloat16 output), then ttnn.add_(out, input_tensor) (beta = 1), so the product is rounded to bfloat16 before the add; torch.addmm rounds once. At HiFi2 in0 sits in SrcB and fidelity phases 0-1 read its implicit one and top six mantissa bits only (see the test_matmul.py entry above). A float64 model of the two phases and the add (tests/test_ttnn_matmul67.py) equals tensix bit for bit and gives 0.00498 with ties to even, 0.00444 with ties away from zero; the exact product with the same two bfloat16 roundings gives 0.0037",
     ['tests/ttnn/unit_tests/operations/matmul/test_addmm.py::test_addmm_square_matrices[matrix_size=4-dtype=DataType.BFLOAT16]'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.0164 against the test's 0.015 (0.005 * m for m = 3). With bfloat8_b inputs the matmul's output is bfloat8_b (create_matmul_attributes: the output dtype is in0's), and addmm's ttnn.add_ (beta = 1) writes bfloat8_b again: every output row of 4 values shares one exponent, twice. Even the exact product of the three stored bfloat8_b inputs with only those two bfloat8_b roundings (either tie rule) gives 0.01505 > 0.015; the LoFi product (two block-float inputs: LoFi) makes it 0.01637, and a float64 model of that chain equals tensix bit for bit (tests/test_ttnn_matmul67.py)",
     ['tests/ttnn/unit_tests/operations/matmul/test_addmm.py::test_addmm_rectangular_matrices[matrix_dims=(2, 3, 4)-dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)

_add("ttnn.sparse_matmul (the 1D mcast_in0 program with a sparsity tensor: the readers and compute kernel skip the batches / experts whose sparsity value is 0, sparse_matmul_device_operation.cpp) is not modelled by tensix",
     ['tests/ttnn/unit_tests/operations/matmul/test_sparse_matmul.py::*'])

_add("ttnn.interleaved_to_sharded_partial / ttnn.sharded_to_interleaved_partial (data_movement/sharded_partial: copy one height slice of an interleaved tensor into shards and back) are not modelled by tensix; the file's matmul cases run",
     ['tests/ttnn/unit_tests/operations/matmul/test_experimental.py::test_sharded_partial_op[*'])

_add('ttnn.to_device refuses a DRAM-sharded tensor stored in tiles other than 32x32 (BufferDistributionSpec placement counts 32x32 tiles): these tests shard in1 in [32, 16] or transposed tiles, or the bias in [tile_h, 32] tiles, in DRAM. (The DRAM-sharded program itself runs an in0 of [16, 32] tiles: the tile_h=16, tile_w=32 cases without bias pass.)',
     ['tests/ttnn/unit_tests/operations/matmul/test_linear.py::test_linear_fused_non_broadcast_bias_dram_sharded_in1[[]*tile_h=16-*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_in1_dram_sharded_tiny_tile[[]*transpose_tile=True*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_in1_dram_sharded_tiny_tile[[]*tile_w=16-*',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_in1_dram_sharded_tiny_tile[[]*tile_w=32-tile_h=16-*has_bias=True*'])

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.0036 / 0.0046 / 0.0071 against the test's 0.002 / 0.004 / 0.006 (0.001, 0.002 or 0.003 * K for K = 2), where torch's bf16 matmul is the exact product rounded once (Frobenius 0). ttnn.matmul with no compute_kernel_config runs HiFi2 (create_matmul_attributes: HiFi2 without a program config or user grid, fp32_dest_acc_en only for float32 outputs), and matmul_tiles puts in0 in SrcB (tt-llk llk_unpack_AB_matmul.h): fidelity phases 0-1 read only its implicit one and top six mantissa bits (ISA MatrixUnit.md SrcBFidelityBits; ttsim's ELWMUL vectors confirm it: 58.25 * 15.9375 is 924 at HiFi2, 928 at HiFi3), so every in0 value loses its seventh bit. A float64 model of the two phases with one BF16 rounding per phase (tensix's DST_BF16_ROUNDING, ties to even) equals tensix bit for bit; a model of ttsim's FPU datapath (mesham/tt-sim's port of ttsim mvmul + fpu_accum_normalize_encode: terms pre-rounded to 11 bits, ties away from zero) gives 0.0036 / 0.0046 / 0.0063, also over the bound (tests/test_ttnn_open_numerics.py)",
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_same_shape_and_valid[n_size=1-c=1-h=2-w=2]',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_with_matched_width_height[m_size=1-k_size=2-n_size=2]',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_with_matched_width_height_from_1D[k_size=2-n_size=4_0]',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_with_matched_width_height_from_1D[k_size=2-n_size=4_1]',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_with_matched_width_height_from_1D[k_size=2-n_size=4_2]'],
     raises=AssertionError)

_add("OPEN (the 16-bit Dst's tie rounding, tensix.device.fpu.DST_BF16_ROUNDING): Frobenius 0.00433-0.00436 against the test's 0.004 (K = 4, HiFi2: in0 in SrcB loses its seventh mantissa bit, see the entry above). Each fidelity phase's partial dot product has few bits and often lands half-way between two BF16 values: tensix rounds those ties to even (an assumption, equal bit for bit to a float64 model with that rule); a model of ttsim's FPU datapath (mesham/tt-sim's port of ttsim's mvmul + fpu_accum_normalize_encode, which rounds the accumulation half away from zero) gives 3 to 4 of the 16-48 outputs one ulp higher, Frobenius 0.0036 / 0.0040, within the bound. A card would settle which rule is right",
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_same_shape_and_valid[n_size=1-c=1-h=4-w=4]',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_same_shape_and_valid[n_size=3-c=1-h=4-w=4]',
      'tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_same_shape_and_valid[n_size=1-c=3-h=4-w=4]'],
     raises=AssertionError)


_add("DATA: the golden, torch.pow(|x|, 1/3) in bfloat16, is up to 1.67 ulps from the exact cube root (torch.rand inputs in [0, 1), unseeded); cbrt_tile's results are within 0.51 ulp of exact, so where the golden is more than 1 ulp off the 1-ulp bound fails (measured: 2 ulps at 0.0625 against 0.06201)",
     ['tests/ttnn/unit_tests/operations/eltwise/test_math.py::test_cbrt[w=128-h=64]'],
     raises=AssertionError)

_add("DATA: the input is unseeded (uniform(-100, 100) as bfloat8_b); when a 16-value block's largest magnitude is in [32, 64) and a value in it quantizes to +-36.5, hardshrink keeps it: unary_op_utils.cpp rounds lambda to bfloat16 (36.5) only for a BFLOAT16 input, so the bfloat8_b kernel compares against 36.49 where the golden (torch, lambd=36.49 on the bfloat16 values) zeroes it. Whether a draw has such a value depends on the tests run before (it failed once in a full run of test_unary.py and passes alone)",
     ['tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_shrink_functions_bf8b_ttnn[[]ttnn_function=ttnn.hardshrink-param=36.49-input_shapes=torch.Size([[]3, 128, 32])]'],
     raises=AssertionError)

_add("DATA: a full mean of 2976 randn values with this torch's draw is near zero (~1e-4); the bfloat16 stage outputs of the card's chain leave an absolute error the relative bound cannot take",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_mean_3d_tensor_dims[keepdim=True-dim=[0, 1, 2]-w=32-h=31-c=3]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_mean_3d_tensor_dims[keepdim=False-dim=[0, 1, 2]-w=32-h=31-c=3]'],
     raises=AssertionError)

_add("DATA: a full sum of 2976 randn values is 0.35 with this torch's draw; the bfloat16 stage outputs of the card's chain (fast_reduce_nc, then W and H) leave an absolute error of ~0.17, so the 0.5% relative bound cannot hold",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_sum_3d_tensor_dims[keepdim=True-dim=[0, 1, 2]-w=32-h=31-c=3]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_sum_3d_tensor_dims[keepdim=True-dim=None-w=32-h=31-c=3]'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.0056 against the test's 0.005, i.e. one bf16 ulp (0.25) off torch's 44.5 (the exact sum 44.5211 rounded once). A full-tensor sum skips generic_reductions.cpp's fp32 precision chain, and reduce_op.cpp runs the 2-tile HW reduce as W then H with the W stage packing the input's dtype: the 41 row sums are packed to bfloat16 (from the fp32 Dst of the default HiFi3 / fp32_dest_acc_en config), and those 41 bfloat16 values sum to 44.6665, past the 44.625 midpoint, so the H stage gives 44.75 whatever it does (ties to even or away in the packer; truncating packers would give 44.25). A float64 host model of the two stages equals tensix",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_sum_2d_tensor_dims[keepdim=True-dim=[0, 1]-w=31-h=41]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_sum_2d_tensor_dims[keepdim=True-dim=None-w=31-h=41]'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.00699 against the test's 0.006, one bf16 ulp: 0.03515625 against torch's 0.034912 (exact mean 0.035028, the midpoint 0.035034). The AVG HW reduce runs as in test_sum_2d_tensor_dims above (W stage with scaler 1.0 packing the 41 row sums to bfloat16, sum 44.6665 instead of 44.5211), then the H stage with the scaler 1/1271 truncated to bfloat16 in the scaler tile (7.8583e-4; kernel_lib float_to_scaler_bits keeps the top 16 bits): 0.035101, rounded to 0.03515625. With exact W partials the same scaler would give torch's value; the bfloat16 W stage is reduce_op.cpp's for a bfloat16 input. A float64 host model equals tensix",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_mean_2d_tensor_dims[keepdim=True-dim=[0, 1]-w=31-h=41]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_mean_2d_tensor_dims[keepdim=False-dim=[0, 1]-w=31-h=41]'],
     raises=AssertionError)

_add("ttnn.prod of all the elements of an input of more than one tile: prod_all.cpp's compute kernel multiplies each input tile with the running product it packed to c_2 without a cb_wait_front on c_2 (its UNPACK thread does not wait for the PACK thread's push), a race between the two threads that tensix does not model.",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=False-keepdim=True-dim=None-input_shape=(6, 3, 60)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=False-keepdim=True-dim=None-input_shape=(1, 11, 67, 77)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=False-keepdim=False-dim=None-input_shape=(6, 3, 60)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=False-keepdim=False-dim=None-input_shape=(1, 11, 67, 77)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=True-keepdim=True-dim=None-input_shape=(6, 3, 60)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=True-keepdim=True-dim=None-input_shape=(1, 11, 67, 77)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=True-keepdim=False-dim=None-input_shape=(6, 3, 60)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction.py::test_prod[dtype=DataType.BFLOAT16-force_implicit_pad=True-keepdim=False-dim=None-input_shape=(1, 11, 67, 77)]'])

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw): Frobenius 0.00500-0.00522 against the test's 0.005 (bf16 mean over H = 41). The reduce H program's scaler tile is Float16_b for a bfloat16 input and kernel_lib's float_to_scaler_bits truncates the float 1/41 to its top 16 bits: 0.0242920 (-0.40 %). The exact column sums times that scaler, rounded once to bfloat16, already give the same outputs and Frobenius (0.00497 / 0.00518 in float64; the test's bfloat16 norm reads 0.00500 / 0.00522); with the exact 1/41 they would be torch's values exactly. A float64 model of the GAPOOL at HiFi3 (fp32 Dst) equals tensix bit for bit (tests/test_ttnn_open_numerics.py)",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction_mean.py::test_mean[keepdim=True-dim=-2-w=32-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction_mean.py::test_mean[keepdim=True-dim=-2-w=64-h=41-batch_size=1]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction_mean.py::test_mean[keepdim=False-dim=-2-w=32-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction_mean.py::test_mean[keepdim=False-dim=-2-w=64-h=41-batch_size=1]'],
     raises=AssertionError)

_add("DATA: the global sum of 16*h*w values in [-100, 100] is near zero with this torch's draw (40.7 for (16, 41, 63), tt-metal's CI draw gives -2835.25, tt-metal #45788), so the relative Frobenius bound fails; tensix's absolute error (~20-30) is that of the card's chain: fast_reduce_nc over dim 0, then W and H reduces, with bfloat16 (float32: TF32 operand) roundings at each stage",
     ['tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.FLOAT32-w=64-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.FLOAT32-w=63-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=32-h=32-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=64-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=64-h=37-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=31-h=32-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=31-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=63-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT16-w=63-h=37-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT8_B-w=32-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT8_B-w=32-h=37-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT8_B-w=64-h=41-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT8_B-w=64-h=37-batch_size=16]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_global[dtype=DataType.BFLOAT8_B-w=63-h=41-batch_size=16]'],
     raises=AssertionError)

_add("FAILS ON ANY DEVICE (with this machine's torch 2.13 draw, and the packers' documented rounding): Frobenius 0.00730 against the test's 0.007: -2176 against torch's -2192 (one ulp, 16; exact sum -2185.13). The HW reduce runs W then H with the W stage packing bfloat16 (reduce_op.cpp keeps W in fp32 only for a float32 input, even in the precision chain), and 4 of the 64 row sums are exact bf16 ties (184.5, -22.5625, -84.25, 144.5) that the packer rounds away from zero (ISA Packers/FormatConversion.md: deterministic rounding is to nearest, ties away from zero; ttsim's packer does (x + 0x8000) >> 16), moving the H sum to -2183.9 and the result to -2176. A packer rounding ties to even would give -2185.28 and torch's -2192 exactly; a float64 model with the documented rule equals tensix",
     ['tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum[keepdim=True-dim=(2, 1)-w=31-h=64-batch_size=1]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum[keepdim=False-dim=(2, 1)-w=31-h=64-batch_size=1]'],
     raises=AssertionError)

_add("ttnn.sum: fast_reduce_nc on these sub_core_grids (two ranges, 35 cores) splits the 64 output tiles of the (16, 41, 63, 63) input's dim-1 sum so that core group 1 (column-wise split_work_to_cores) is not first in the factory's row-by-row walk of the cores: tt-metal 622c6fb9's round robin then never writes output tiles 59, 61, 63 and writes tiles 64, 66, 68 past the end of the output buffer, which tensix.ttnn refuses to model (skipped by the default size cap)",
     ['tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_subcores[shape=(16, 41, 63, 63)-dtype=DataType.BFLOAT16-sub_core_grids=CoreRangeSet((CoreRange(start=CoreCoord(x=1, y=0), end=CoreCoord(x=3, y=6)), CoreRange(start=CoreCoord(x=5, y=0), end=CoreCoord(x=6, y=6))))]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_subcores[shape=(16, 41, 63, 63)-dtype=DataType.BFLOAT8_B-sub_core_grids=CoreRangeSet((CoreRange(start=CoreCoord(x=1, y=0), end=CoreCoord(x=3, y=6)), CoreRange(start=CoreCoord(x=5, y=0), end=CoreCoord(x=6, y=6))))]'])

_add("OPEN: relative Frobenius 0.0159 ((4, 32, 63): -3968 against torch's -4032) and 0.0192 ((4, 32, 63, 63): -81920 against -80384) over the test's 0.015 for a bfloat8_b global sum; the same numbers as without sub_core_grids (the cores do not change the arithmetic). The exact sum of the bfloat8_b input is -3989 / -80497 (0.0107 / 0.0014 off the golden): the rest is the chain's bfloat8_b packing of every stage (fast_reduce_nc over the outer dims, slice, W reduce, H reduce, each packing its output as bfloat8_b, as tt-metal does for a bfloat8_b input); to check against a card",
     ['tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_subcores[shape=(4, 32, 63)-dtype=DataType.BFLOAT8_B-sub_core_grids=CoreRangeSet((CoreRange(start=CoreCoord(x=1, y=0), end=CoreCoord(x=1, y=0)),))]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_subcores[shape=(4, 32, 63)-dtype=DataType.BFLOAT8_B-sub_core_grids=CoreRangeSet((CoreRange(start=CoreCoord(x=1, y=0), end=CoreCoord(x=3, y=6)), CoreRange(start=CoreCoord(x=5, y=0), end=CoreCoord(x=6, y=6))))]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_subcores[shape=(4, 32, 63, 63)-dtype=DataType.BFLOAT8_B-sub_core_grids=CoreRangeSet((CoreRange(start=CoreCoord(x=1, y=0), end=CoreCoord(x=1, y=0)),))]',
      'tests/ttnn/unit_tests/operations/reduce/test_sum.py::test_sum_subcores[shape=(4, 32, 63, 63)-dtype=DataType.BFLOAT8_B-sub_core_grids=CoreRangeSet((CoreRange(start=CoreCoord(x=1, y=0), end=CoreCoord(x=3, y=6)), CoreRange(start=CoreCoord(x=5, y=0), end=CoreCoord(x=6, y=6))))]'],
     raises=AssertionError)


_add("FAILS ON ANY DEVICE: the golden is the float32 product of the unquantized weights; the device gets their bfloat4_b conversion along K (from_torch(col_tilize=True); tensix's host bfloat4_b packing is bit-identical to the ttnn 0.81.1 wheel's, tests/ttnn_reference): the exact float64 product of the bfloat16 activations with those weights already has relative Frobenius error 0.12831 against the golden, over the test's 0.128 (0.002 * K); tensix's device result has 0.12847 (PCC 0.9917; its distance to that exact product 0.0048)",
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_column_wise_bfp_tilize_via_transpose_b[M=32-K=64-N=32-weight_dtype=DataType.BFLOAT4_B-pcc_threshold=0.98]'],
     raises=AssertionError)


_add("OPEN: 2 of 4096 bfloat16 results are one ulp (2^-6 in [2, 4)) from torch's, over the test's atol 0.008: x = 2.28125 gives 2.234375 where mish is 2.242387 (the bfloat16 midpoint is 2.2421875), x = 3.359375 gives 3.34375 (mish 3.351803, midpoint 3.3515625). WH's calculate_mish (622c6fb9) computes in fp32 from a bfloat16-rounded exp_21f and one Newton step of the reciprocal (sfpu_reciprocal_iter<0> = <1>), about 1e-4 relative, then rounds to nearest: values that close to a midpoint can round either way; fast and accurate modes are the same code for a 16-bit Dst. To check on a card whether its result rounds the same way",
     ['tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_mish[torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16-fast_and_approximate_mode=True]', 'tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_mish[torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16-fast_and_approximate_mode=False]'],
     raises=AssertionError)


_add("FAILS ON ANY DEVICE: the golden is logical_not of the bfloat16 input; the device gets its bfloat8_b conversion, where a value far below its 16-value block's largest (here uniform in [-100, 100]) is stored as 0, so logical_not gives 1 there: in 199 of 200 seeded draws of this input (manual_seed 0..199) at least one nonzero bfloat16 value converts to 0 (tensix's host bfloat8_b packing is bit-identical to the ttnn 0.81.1 wheel's, tests/ttnn_reference); the float32 and bfloat16 cases pass",
     ['tests/ttnn/unit_tests/operations/eltwise/test_unary.py::test_unary_logical_not[torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT8_B]'],
     raises=AssertionError)


_add("ttnn.matmul: a BLOCK_SHARDED input_tensor_a on a 8x1 shard grid takes create_matmul_program_config in ttnn "
     "(get_matmul_program_config's fall-through), which tensix does not model for sharded inputs (a case CI's sample of "
     "test_matmul.py leaves out; found by a --tensix-no-sample run)",
     ['tests/ttnn/unit_tests/operations/matmul/test_matmul.py::test_matmul_block_sharded_input_with_padding'])


# The vendored tutorials (tests/test_ttnn_vendored.py runs each with `tensix run`): those that stop on something tensix
# does not model yet, and why. They must then exit 1 with tensix run's "does not model" line; the others must exit 0.
EXPECTED_TUTORIAL_FAILURES: dict[str, str] = {}

# the data-movement tests' entries live in their own file (expected_failures_data_movement.py), edited separately
EXPECTED_FAILURES.update(__import__("runpy").run_path(__file__[:-3] + "_data_movement.py")["EXPECTED_FAILURES"])


# helper-60: test_reduction_on_batch.py
_add("ttnn.sum: fast_reduce_nc over dim 0 of a sharded input into a sharded output with more output shards than cores (FastReduceNCProgramFactory's divide_by_shards split: the work by shards, core groups from the output's BufferDistributionSpec) is not modelled by tensix.ttnn.",
     ['tests/ttnn/unit_tests/operations/reduce/test_reduction_on_batch.py::test_reduce_on_batch[interleaved=False-dim=0-shape=(5, 1, 352, 352)-shard_shape=(5, 1, 32, 32)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction_on_batch.py::test_reduce_on_batch[interleaved=False-dim=0-shape=(1, 5, 352, 352)-shard_shape=(1, 1, 32, 32)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction_on_batch.py::test_reduce_on_batch[interleaved=False-dim=0-shape=(10, 1, 320, 320)-shard_shape=(1, 32, 32)]',
      'tests/ttnn/unit_tests/operations/reduce/test_reduction_on_batch.py::test_reduce_on_batch[interleaved=False-dim=0-shape=(10, 65, 32, 32)-shard_shape=(10, 1, 32, 32)]'])


# helper-60: test_cumsum.py (test_cumsum_with_preallocated_output passes since helper-61 set Tensor.__eq__ = ttnn.eq)

# test_cumprod.py
_add("ttnn.cumprod with out= of another dtype than the result (test_cumprod_backward's bfloat16 out for a float32 result): accumulation_invoke swaps out's storage for the result's (`optional_out->tensor_attributes->get_storage() = ...`), so out keeps its bfloat16 spec over float32 bytes; what reading that tensor back gives on a card is not modelled by tensix.ttnn (NotModelledError, tensix/ttnn/operations/accumulation.py _take_storage)",
     ['tests/ttnn/unit_tests/operations/reduce/test_cumprod.py::test_cumprod_backward[dtypes=(torch.bfloat16, DataType.FLOAT32)-*'])


# helper-59: test_binary_scalar.py, test_binary_fp32.py, test_relational.py, test_unary_pow.py, test_ternary.py,
# test_binary_composite.py (test_inplace, test_silu, test_unary_fp32, test_pow, test_elu, test_exp2, test_expm1,
# test_composite: no entries)
_E59 = 'tests/ttnn/unit_tests/operations/eltwise/'
# (test_binary_scalar_int32_arithmetic[mul], test_addcmul_with_int32_inputs / _uint32_inputs: mul_int32 and the
# integer addcmul kernels, helper-62)

# (ttnn.xlogy, isclose, nextafter, atan2: tensix.ttnn.operations.binary_special / binary_composite, helper-61)


_add("FAILS ON ANY DEVICE: POWER of a bfloat16 input (16-bit Dst) runs 622c6fb9 _sfpu_unary_power_21f_, whose log2 is a cubic in the mantissa (ln(1.7421875) = 0.55514 comes out 0.55357); for x = 0.87109375, y = -3.56 the kernel's steps in float32 on the host give 2 ** 0.71685 = 1.6464245, rounded to bfloat16 1.6484375 (tensix gives the same), two ulps from torch's 1.6328125 (x ** y = 1.63444); the test asks one ulp",
     [_E59 + 'test_unary_pow.py::test_pow[exponent=-3.56]'],
     raises=AssertionError)

_add("OPEN: exact cancellation against a golden of 0 with a 1-ulp bound: a + 7.7 * b / c with (a, b, c) = (-15.75, -90, -44) (row broadcast) and (-77, 95, 9.5) (column broadcast) is 0 exactly and in torch; calculate_addcdiv computes in0 + (in1 * value) * sfpu_reciprocal_iter<2>(in2), and 7.7f * b rounds to 693.0 / 731.5, so the result is 0 only if the last multiply-add rounds its product first: with one rounding (tensix's SFPMAD model) even the correctly rounded reciprocal leaves 4.69e-7 / 5.74e-7 (tensix's Newton reciprocal: 3.58e-7 / 9.54e-7). Candidate: whether the card's SFPMAD rounds a * b before the add",
     [_E59 + 'test_ternary.py::test_addcdiv[in_data1_shape=(1, 1, 1, 1024)-in_data2_shape=(1, 1, 1024, 1024)-in_data3_shape=(1, 1, 1, 1024)-value=7.7-torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16]',
      _E59 + 'test_ternary.py::test_addcdiv[in_data1_shape=(1, 1, 1024, 1)-in_data2_shape=(1, 1, 1024, 1024)-in_data3_shape=(1, 1, 1024, 1)-value=7.7-torch_dtype=torch.bfloat16-ttnn_dtype=DataType.BFLOAT16]'],
     raises=AssertionError)

# tests/ttnn/unit_tests/operations/sdpa/test_sdpa_prefill.py: every case runs (tensix.ttnn.operations.sdpa ports
# SDPAProgramFactory with both compute kernels: the standard one tt-metal runs with fp32_dest_acc_en and the streaming
# one it runs otherwise, helpers 64 and 68); test_sdpa_tt and test_sdpa_tt_with_program_cache skip themselves ("Can
# cause OOM"), the 8192-token sliding window is over the file's size cap (pytest.ini)

# tests/ttnn/unit_tests/operations/sdpa/test_sdpa_decode.py (helper-72, tensix.ttnn.operations.sdpa_decode): every
# case tensix collects runs (_non_tile_aligned_heads, _non_causal, _sharded, _sliding_window, _broadcast_mask_batch);
# test_sdpa_decode, _ignore_users, _paged_attention and _program_cache are over the size cap (left out by pytest.ini's
# sample lines), _kv_head_core_divisibility needs a 10x11 grid (skips itself)
# helper-65: ttnn.update_cache / fill_cache (tensix.ttnn.operations.kv_cache) and the paged cache ops
# (tensix.ttnn.operations.paged_cache); test_paged_cache_mask.py needs a 1x2 mesh (it skips itself on one device)
_add("test_kvpe_cache_op imports init_kvpe_cache from tt-metal's models/demos/deepseek_v3_d_p/utils/kv_cache_utils.py "
     "(DeepSeek's model code, not vendored)",
     ['tests/tt_eager/python_api_testing/unit_testing/misc/test_update_cache.py::TestUpdateCacheWithKVPE::test_kvpe_cache_op'],
     raises=ModuleNotFoundError)
# test_paged_fused_update_cache.py: every case runs (helper-71: paged_fused_update_cache's tiled program; the size cap
# skips the eight-head cases: caches of 16.7M elements)
