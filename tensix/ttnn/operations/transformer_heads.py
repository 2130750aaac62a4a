"""The attention-head ops of ttnn.transformer and ttnn.experimental, as tt-metal 622c6fb9 runs them on Wormhole.

- ttnn.experimental.nlp_create_qkv_heads (experimental/transformer/nlp_create_qkv_heads/, the Interleaved program
  of nlp_create_qkv_heads_program_factory.cpp): a fused [B, 1, S, (nq + 2 nkv) * d] tensor (or Q [B, 1, S, nq * d]
  and KV [B, 1, S, 2 nkv * d]) split into Q [B, nq, S, d], K [B, nkv, S, d] (or [B, nkv, d, S] with
  transpose_k_heads) and V [B, nkv, S, d]. One block is one tile row of the input; the blocks split over the grid
  column-wise (split_work_to_cores). The reader moves tiles to c_1 (K to c_0 when transposed), the compute kernel
  (ttnn/cpp/ttnn/kernel/compute/transpose_wh.cpp, only with transpose_k_heads, fp32 Dst for float32 inputs)
  transposes each K tile into c_16, the writer scatters the tiles to the three outputs. CBs: 4 tiles each.
- ttnn.experimental.nlp_concat_heads (nlp_concat_heads_program_factory.cpp, interleaved): [B, H, S, d] to
  [B, 1, S, H * d]: a block is one tile row of one batch; the reader gathers that row's tiles of every head into c_0
  (two blocks deep), the unary writer (writer_unary_interleaved_start_id.cpp) writes them out in order.
- ttnn.transformer.split_query_key_value_and_split_heads (transformer/split_query_key_value_and_split_heads/): the
  3-D input viewed as [B, 1, S_padded, W], nlp_create_qkv_heads, and each output reshaped (a view) to the logical
  sequence length with the padded one kept.
- ttnn.transformer.concatenate_heads (transformer/concatenate_heads/): nlp_concat_heads then squeeze(1).
- ttnn.transformer.attention_softmax / attention_softmax_ (transformer/attention_softmax/): with a mask
  scale_mask_softmax (numeric_stable, scale 1 / sqrt(head_size)); attention_softmax_ in place (the output is the
  input tensor, SoftmaxProgramFactoryAttentionOptimized writing back into its buffer); attention_softmax without a
  mask multiplies by the scale (ttnn.multiply) and runs softmax.

Not modelled (NotModelledError): sharded inputs or outputs (create_qkv_heads / the sharded nlp programs; a sharded
concatenate_heads input with an interleaved output is first copied to interleaved, as ttnn does), use_falcon7b_backend
(nlp_create_qkv_heads_falcon7b), preallocated output tensors, SoftmaxShardedMultiCoreProgramConfig."""

from __future__ import annotations

import math
import time

from tensix.errors import NotModelledError
from tensix.metalium import host as mh
from tensix.metalium.types import ComputeConfig, CoreCoord, ReaderDataMovementConfig, WriterDataMovementConfig
from tensix.ttnn import op as O
from tensix.ttnn.errors import DTypeError, LayoutError, ShapeError, TTNNError
from tensix.ttnn.operations.data_movement import view
from tensix.ttnn.tensor import Tensor
from tensix.ttnn.types import DataType, Layout, MemoryConfig

__all__: list[str] = []     # served through the `transformer` and `experimental` namespaces (transformer.py)

_KDIR = "transformer/"
_TILE = 32
_FLOATS = (DataType.FLOAT32, DataType.BFLOAT16, DataType.BFLOAT8_B)


def _check_input(what: str, t, name: str = "input_tensor"):
    if not isinstance(t, Tensor):
        raise TTNNError(f"{what}: {name} is a {type(t).__name__}, not a ttnn.Tensor.\nFix: ttnn.from_torch(..., "
                        "device=device) first.")
    O.device_of(what, t)
    if t.dtype not in _FLOATS:
        raise DTypeError(f"{what}: Unsupported data format {t.dtype!r} for {name}; the op takes float32, bfloat16 or "
                         "bfloat8_b.\nFix: ttnn.typecast it.")
    if t.layout != Layout.TILE:
        raise LayoutError(f"{what}: Input tensor layout must be TILE but got {t.layout!r} ({name}).\nFix: "
                          f"ttnn.to_layout({name}, ttnn.TILE_LAYOUT).")


def _refuse_sharded(what: str, t: Tensor, mc: MemoryConfig, program: str):
    """A sharded input runs the op's sharded program (not modelled); an interleaved input takes only an interleaved
    output (the device operations' validate: TT_FATAL)."""
    if t.is_sharded():
        raise NotModelledError(f"{what}: a sharded input runs {program}, which tensix.ttnn does not model.\nFix: "
                               "use interleaved (DRAM or L1) memory configs.")
    if mc.is_sharded():
        raise TTNNError(f"{what}: Output memory config layout must be INTERLEAVED but got {mc.memory_layout!r} (the "
                        "input is interleaved).\nFix: pass an interleaved memory_config (ttnn.L1_MEMORY_CONFIG or "
                        "ttnn.DRAM_MEMORY_CONFIG).")


def _grid_cores(grid, n: int):
    """The first n cores in split_work_to_cores' column-major order (x = i / grid_y, y = i % grid_y)."""
    return [CoreCoord(i // grid.y, i % grid.y) for i in range(n)]


# ----------------------------------------------------------------------------------------- nlp_create_qkv_heads
def nlp_create_qkv_heads(input_tensor, input_tensor_kv=None, *, num_heads: int, num_kv_heads=None,
                         transpose_k_heads: bool = True, memory_config=None, output_tensors=None, **kwargs):
    """ttnn.experimental.nlp_create_qkv_heads(input, input_kv=None, *, num_heads, num_kv_heads=None,
    transpose_k_heads=True, memory_config=None): [B, 1, S, (nq + 2 nkv) d] -> Q [B, nq, S, d], K [B, nkv, S, d]
    ([B, nkv, d, S] transposed), V [B, nkv, S, d]."""
    what = "ttnn.experimental.nlp_create_qkv_heads"
    O.refuse_unknown_kwargs(what, kwargs)
    started = time.perf_counter()
    x, kv = input_tensor, input_tensor_kv
    _check_input(what, x)
    if kv is not None:
        _check_input(what, kv, "input_tensor_kv")
    dev = O.device_of(what, x, kv)
    if output_tensors is not None:
        raise NotModelledError(f"{what}: preallocated output_tensors are not modelled.\nFix: omit them.")
    nq = int(num_heads)
    nkv = nq if num_kv_heads is None else int(num_kv_heads)
    if nq <= 0 or nkv <= 0:
        raise TTNNError(f"{what}: num_heads ({nq}) and num_kv_heads ({nkv}) must be positive.")
    ps = tuple(x.padded_shape)
    if len(ps) != 4:
        raise ShapeError(f"{what}: the input must be 4-D [B, 1, S, W], got {list(x.shape)}.\nFix: ttnn.reshape it "
                         "(or use ttnn.transformer.split_query_key_value_and_split_heads on a 3-D input).")
    if kv is not None:
        if ps[3] % nq:
            raise ShapeError(f"{what}: Unsupported input shape: Q width {ps[3]} is not divisible by num_heads {nq}.")
        kps = tuple(kv.padded_shape)
        if len(kps) != 4 or kps[3] % (2 * nkv):
            raise ShapeError(f"{what}: Unsupported input shape: KV {list(kv.padded_shape)} must be 4-D with a width "
                             f"divisible by 2 * num_kv_heads = {2 * nkv}.")
        head_dim = ps[3] // nq
        if kps[3] // (2 * nkv) != head_dim:
            raise ShapeError(f"{what}: Head dims must be the same for Q ({head_dim}) and K, V "
                             f"({kps[3] // (2 * nkv)}).")
    else:
        if ps[3] % (nq + 2 * nkv):
            raise ShapeError(f"{what}: Unsupported input shape: width {ps[3]} is not divisible by num_heads + 2 * "
                             f"num_kv_heads = {nq + 2 * nkv}.\nFix: a fused QKV width of (num_heads + 2 * "
                             "num_kv_heads) * head_dim.")
        head_dim = ps[3] // (nq + 2 * nkv)
    mc = memory_config or x.memory_config()
    _refuse_sharded(what, x, mc, "NlpCreateHeadsDeviceOperation's Sharded program")
    if ps[2] % _TILE:
        raise ShapeError(f"{what}: Unsupported input height {ps[2]} is not tile aligned.")
    if ps[1] != 1:
        raise ShapeError(f"{what}: Unsupported input sequence length {ps[1]} is not equal to 1 (dim 1 of "
                         f"{list(x.shape)}).\nFix: view the input as [B, 1, S, W].")
    if kv is not None:
        if kv.is_sharded():
            raise NotModelledError(f"{what}: a sharded input_tensor_kv is not modelled.")
        if kv.dtype != x.dtype:
            raise DTypeError(f"{what}: KV tensor dtype ({kv.dtype!r}) must be same as Q tensor dtype ({x.dtype!r}).")
        if kps[0] != ps[0]:
            raise ShapeError(f"{what}: KV tensor batch dim ({kps[0]}) must be same as Q tensor batch ({ps[0]}).")
        if kps[1] != 1:
            raise ShapeError(f"{what}: Unsupported input shape {kps[1]} is not equal to 1 (dim 1 of the KV input).")
        if kps[2] != ps[2]:
            raise ShapeError(f"{what}: KV tensor seq_len dim ({kps[2]}) must be same as Q tensor seq_len ({ps[2]}).")
    if head_dim % _TILE:
        raise NotModelledError(f"{what}: a head dim of {head_dim} (not a multiple of 32) makes the program split "
                               "tiles between heads, which tensix.ttnn does not model.\nFix: pad the head dim to a "
                               "multiple of 32 in the weights.")
    B, S = x.shape[0], x.shape[2]
    d = head_dim
    transpose = bool(transpose_k_heads)
    q = O.output_tensor(dev, (B, nq, S, d), x.dtype, Layout.TILE, mc)
    k = O.output_tensor(dev, (B, nkv, d, S) if transpose else (B, nkv, S, d), x.dtype, Layout.TILE, mc)
    v = O.output_tensor(dev, (B, nkv, S, d), x.dtype, Layout.TILE, mc)
    in0_w_tiles = ps[3] // _TILE
    in1_w_tiles = kv.padded_shape[3] // _TILE if kv is not None else 0
    Ht, Wt = ps[2] // _TILE, d // _TILE
    HtWt = Ht * Wt
    q_CHtWt, kv_CHtWt = nq * HtWt, nkv * HtWt
    q_num_tiles, kv_num_tiles = nq * Wt, nkv * Wt
    num_blocks = ps[0] * ps[1] * ps[2] // _TILE
    grid = O.grid_of(dev)
    key = ("nlp_create_qkv_heads", O.spec_key(x), None if kv is None else O.spec_key(kv), nq, nkv, transpose,
           O.spec_key(q), O.spec_key(k), O.spec_key(v))

    def factory():
        prog = mh.CreateProgram()
        num_cores, all_cores, g1, g2, n1, n2 = mh.split_work_to_cores(grid, num_blocks)
        n_g1 = len(list(g1))
        cores = _grid_cores(grid, num_cores)
        O.cb(prog, cores, 1, 4, x.dtype)
        reader_defines, writer_defines = {}, {}
        if transpose:
            O.cb(prog, cores, 0, 4, x.dtype)
            O.cb(prog, cores, 16, 4, x.dtype)
            reader_defines["TRANSPOSE_K_HEADS"] = writer_defines["TRANSPOSE_K_HEADS"] = 1
            fp32 = x.dtype == DataType.FLOAT32
            for group, n in ((cores[:n_g1], n1), (cores[n_g1:], n2)):
                if group:
                    mh.CreateKernel(prog, O.kernel_path(_KDIR + "transpose_wh_compile_time.py"), group,
                                    ComputeConfig(fp32_dest_acc_en=fp32, compile_args=[n * kv_num_tiles]))
        if kv is not None:
            reader_defines["READ_FROM_INPUT_TENSOR_KV"] = 1
        # the KV accessor's words are always appended (a placeholder without a KV input) to keep the offsets stable
        kv_words = O.accessor_args(kv) if kv is not None else O.accessor_args(x)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_tm_tile_layout_nlp_create_qkv_heads.py"), cores,
                             ReaderDataMovementConfig(compile_args=[q_num_tiles, kv_num_tiles]
                                                      + O.accessor_args(x) + kv_words, defines=reader_defines))
        wk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "writer_tm_tile_layout_nlp_create_qkv_heads.py"), cores,
                             WriterDataMovementConfig(compile_args=[Ht, Wt, HtWt, nq, nkv] + O.accessor_args(q, k, v),
                                                      defines=writer_defines))
        plan = []
        written = 0
        for i, c in enumerate(cores):
            n = n1 if i < n_g1 else n2
            h = written % Ht
            q_id = written // Ht * q_CHtWt + h * Wt
            v_id = written // Ht * kv_CHtWt + h * Wt
            k_id = (written // Ht * kv_CHtWt + h) if transpose else v_id
            plan.append((c, n, written, h, q_id, k_id, v_id))
            written += n

        def set_args(tensors):
            tx = tensors[0]
            tkv = tensors[1] if kv is not None else None
            tq, tk, tv = tensors[-3:]
            for c, n, w, h, q_id, k_id, v_id in plan:
                mh.SetRuntimeArgs(prog, rk, c, [tx.buffer_address(), tkv.buffer_address() if tkv is not None else 0,
                                                n, w * in0_w_tiles, w * in1_w_tiles])
                mh.SetRuntimeArgs(prog, wk, c, [tq.buffer_address(), tk.buffer_address(), tv.buffer_address(), n, h,
                                                q_id, k_id, v_id])

        return O.ProgramEntry(prog, set_args, num_cores, "NlpCreateHeadsDeviceOperation::Interleaved")

    tensors = [x] + ([kv] if kv is not None else []) + [q, k, v]
    O.run(what, dev, key, factory, tensors, [q, k, v],
          {"num_heads": nq, "num_kv_heads": nkv, "transpose_k_heads": transpose, "dtype": x.dtype.name}, started)
    return q, k, v


def split_query_key_value_and_split_heads(input_tensor, kv_input_tensor=None, *, num_heads: int, num_kv_heads=None,
                                          transpose_key: bool = True, memory_config=None,
                                          use_falcon7b_backend: bool = False, **kwargs):
    """ttnn.transformer.split_query_key_value_and_split_heads(input_tensor, kv_input_tensor=None, *, num_heads,
    num_kv_heads=None, transpose_key=True, memory_config=None, use_falcon7b_backend=False): a fused QKV [B, S, W]
    into Q [B, nq, S, d], K [B, nkv, d, S] (or [B, nkv, S, d] without transpose_key) and V [B, nkv, S, d]."""
    what = "ttnn.transformer.split_query_key_value_and_split_heads"
    O.refuse_unknown_kwargs(what, kwargs)
    x = input_tensor
    if not isinstance(x, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(x).__name__}, not a ttnn.Tensor.")
    if len(x.shape) != 3:
        raise ShapeError(f"{what}: Invalid input tensor: expected 3 dimensions, but found {len(x.shape)} "
                         f"({list(x.shape)}).\nFix: pass [batch, sequence, hidden].")
    if x.layout != Layout.TILE:
        raise LayoutError(f"{what}: Invalid layout: input tensor must use TILE_LAYOUT, but found {x.layout!r}.\nFix: "
                          "ttnn.to_layout(input_tensor, ttnn.TILE_LAYOUT).")
    if x._device is None:
        raise TTNNError(f"{what}: Invalid storage type: input tensor must be on a device, but it is on the host.\n"
                        "Fix: ttnn.to_device(input_tensor, device).")
    S, S_padded = x.shape[1], x.padded_shape[1]
    if use_falcon7b_backend:
        raise NotModelledError(f"{what}(..., use_falcon7b_backend=True) runs nlp_create_qkv_heads_falcon7b, which "
                               "tensix.ttnn does not model.\nFix: use_falcon7b_backend=False.")
    nq = int(num_heads)
    divisor = nq if kv_input_tensor is not None else nq + 2 * (nq if num_kv_heads is None else int(num_kv_heads))
    kv4 = None
    if kv_input_tensor is not None:
        kvt = kv_input_tensor
        if not isinstance(kvt, Tensor) or len(kvt.shape) != 3:
            raise ShapeError(f"{what}: kv_input_tensor must be a 3-D ttnn.Tensor [batch, sequence, 2 * kv hidden].")
        nkv = nq if num_kv_heads is None else int(num_kv_heads)
        if kvt.shape[0] != x.shape[0]:
            raise ShapeError(f"{what}: Dimension mismatch: KV tensor batch dimension ({kvt.shape[0]}) must match Q "
                             f"tensor batch dimension ({x.shape[0]}).")
        if kvt.shape[1] != x.shape[1]:
            raise ShapeError(f"{what}: Dimension mismatch: KV tensor sequence length ({kvt.shape[1]}) must match Q "
                             f"tensor sequence length ({x.shape[1]}).")
        if x.shape[2] % nq:
            raise ShapeError(f"{what}: Query dimension ({x.shape[2]}) must be divisible by num_heads ({nq}).")
        if kvt.shape[2] % (2 * nkv):
            raise ShapeError(f"{what}: KV dimension ({kvt.shape[2]}) must be divisible by 2 * num_kv_heads "
                             f"({2 * nkv}).")
        if kvt.shape[2] // (2 * nkv) != x.shape[2] // nq:
            raise ShapeError(f"{what}: Dimension mismatch: KV head size ({kvt.shape[2] // (2 * nkv)}) must be equal "
                             f"to query head size ({x.shape[2] // nq}).")
        kp = tuple(kvt.padded_shape)
        kv4 = view(kvt, (kp[0], 1, kp[1], kp[2]), (kp[0], 1, kp[1], kp[2]))
    head_size = x.shape[2] // divisor
    padded_head_size = x.padded_shape[2] // divisor
    if head_size % _TILE:
        raise ShapeError(f"{what}: Invalid head size: {head_size}. The head size must be a multiple of the tile width "
                         "(32).\nFix: pad the QKV weights so that each head is a multiple of 32 wide.")
    if padded_head_size != head_size:
        raise ShapeError(f"{what}: Padding error: Head size {head_size} should not include additional tile padding, "
                         f"but padded head size was found to be {padded_head_size}.")
    if x.is_sharded():
        if kv_input_tensor is not None:
            raise TTNNError(f"{what}: Invalid operation: KV tensor should not be provided when the input tensor is "
                            "sharded.")
        raise NotModelledError(f"{what}: a sharded input runs ttnn.experimental.create_qkv_heads, which tensix.ttnn "
                               "does not model.\nFix: pass an interleaved input.")
    p = tuple(x.padded_shape)
    x4 = view(x, (p[0], 1, p[1], p[2]), (p[0], 1, p[1], p[2]))
    q, k, v = nlp_create_qkv_heads(x4, kv4, num_heads=nq, num_kv_heads=num_kv_heads, transpose_k_heads=transpose_key,
                                   memory_config=memory_config or x.memory_config())
    return _reshape_heads(q, k, v, S, S_padded, bool(transpose_key))


def _reshape_heads(q, k, v, S, S_padded, transpose_key):
    """reshape_outputs_of_split_query_key_value_and_split_heads: each output reshaped to the logical sequence length
    with the padded one kept (ttnn::reshape with an unchanged padded shape: a view)."""
    B, nq, _, d = q.shape
    nkv = v.shape[1]
    dp = q.padded_shape[-1]
    q = view(q, (B, nq, S, d), (B, nq, S_padded, dp))
    if transpose_key:
        k = view(k, (B, nkv, d, S), (B, nkv, dp, S_padded))
    else:
        k = view(k, (B, nkv, S, d), (B, nkv, S_padded, dp))
    v = view(v, (B, nkv, S, d), (B, nkv, S_padded, dp))
    return q, k, v


# -------------------------------------------------------------------------------------------- nlp_concat_heads
def nlp_concat_heads(input_tensor, *, memory_config=None, **kwargs):
    """ttnn.experimental.nlp_concat_heads(input_tensor, *, memory_config=None): [B, H, S, d] -> [B, 1, S, H * d]."""
    what = "ttnn.experimental.nlp_concat_heads"
    O.refuse_unknown_kwargs(what, kwargs)
    started = time.perf_counter()
    a = input_tensor
    _check_input(what, a)
    dev = O.device_of(what, a)
    if len(a.shape) != 4:
        raise ShapeError(f"{what}: the input must be 4-D [B, heads, S, head_dim], got {list(a.shape)}.")
    mc = memory_config or a.memory_config()
    _refuse_sharded(what, a, mc, "NLPConcatHeadsProgramFactory's sharded path")
    B, H, S, d = (int(v) for v in a.shape)
    ps = tuple(a.padded_shape)
    out = O.output_tensor(dev, (B, 1, S, H * d), a.dtype, Layout.TILE, mc)
    per_tensor_tiles = ps[1] * ps[3] // _TILE
    Ht, Wt = ps[2] // _TILE, ps[3] // _TILE
    C = per_tensor_tiles // Wt
    HtWt = Ht * Wt
    CHtWt = C * HtWt
    num_blocks = ps[0] * ps[2] // _TILE
    grid = O.grid_of(dev)
    key = ("nlp_concat_heads", O.spec_key(a), O.spec_key(out))

    def factory():
        prog = mh.CreateProgram()
        num_cores, _all, g1, _g2, n1, n2 = mh.split_work_to_cores(grid, num_blocks)
        n_g1 = len(list(g1))
        cores = _grid_cores(grid, num_cores)           # grid_to_cores(num_cores, x, y, row_wise=false)
        O.cb(prog, cores, 0, per_tensor_tiles * 2, a.dtype)
        rk = mh.CreateKernel(prog, O.kernel_path(_KDIR + "reader_tm_tile_layout_nlp_concat_heads.py"), cores,
                             ReaderDataMovementConfig(compile_args=[Ht, Wt, C, HtWt] + O.accessor_args(a)))
        wk = mh.CreateKernel(prog, O.kernel_path("eltwise/writer_unary_interleaved_start_id.py"), cores,
                             WriterDataMovementConfig(compile_args=[0] + O.accessor_args(out)))
        plan = []
        written = 0
        for i, c in enumerate(cores):
            n = n1 if i < n_g1 else n2
            h = written % Ht
            plan.append((c, n, written, h, written // Ht * CHtWt + h * Wt))
            written += n

        def set_args(tensors):
            ta, to = tensors
            for c, n, w, h, tile_id in plan:
                mh.SetRuntimeArgs(prog, rk, c, [ta.buffer_address(), n, h, tile_id])
                mh.SetRuntimeArgs(prog, wk, c, [to.buffer_address(), n * per_tensor_tiles, w * per_tensor_tiles])

        return O.ProgramEntry(prog, set_args, num_cores, "NLPConcatHeadsProgramFactory")

    O.run(what, dev, key, factory, [a, out], [out], {"dtype": a.dtype.name}, started)
    return out


def concatenate_heads(input_tensor, *, memory_config=None, **kwargs):
    """ttnn.transformer.concatenate_heads(input_tensor, *, memory_config=None): [B, H, S, d] -> [B, S, H * d]."""
    what = "ttnn.transformer.concatenate_heads"
    O.refuse_unknown_kwargs(what, kwargs)
    a = input_tensor
    if not isinstance(a, Tensor):
        raise TTNNError(f"{what}: input_tensor is a {type(a).__name__}, not a ttnn.Tensor.")
    if len(a.shape) != 4:
        raise ShapeError(f"{what}: Input tensor must have rank 4. Shape: {list(a.shape)}.\nFix: pass [batch, heads, "
                         "sequence, head_size].")
    head_size, padded_head_size = a.shape[-1], a.padded_shape[-1]
    if head_size % _TILE:
        raise ShapeError(f"{what}: Head size must be a multiple of 32 but was found to be {head_size}. Update the "
                         "matmul that uses the output of this operation to include padding in the weights.")
    if padded_head_size != head_size:
        raise ShapeError(f"{what}: Head size ({head_size}) cannot have tile padding.")
    mc = memory_config or a.memory_config()
    if a.is_sharded() and not mc.is_sharded():
        from tensix.ttnn.operations.dm_memory import to_memory_config
        a = to_memory_config(a, MemoryConfig(buffer_type=mc.buffer_type))
    out = nlp_concat_heads(a, memory_config=memory_config)
    from tensix.ttnn.operations.dm_reshape import squeeze
    return squeeze(out, 1)


# -------------------------------------------------------------------------------------------- attention_softmax
def _scale(head_size):
    return 1.0 if head_size is None else float(1.0 / math.sqrt(float(head_size)))


def _refuse_program_config(what, program_config):
    """attention_softmax(_) take a SoftmaxProgramConfig and ignore it (tt-metal 622c6fb9 attention_softmax.cpp: the
    argument is unnamed; the in-place one runs SoftmaxDefaultProgramConfig{}); anything else is a type error."""
    from tensix.ttnn.operations.normalization import (SoftmaxDefaultProgramConfig,
                                                      SoftmaxShardedMultiCoreProgramConfig)
    if program_config is not None and not isinstance(program_config, (SoftmaxDefaultProgramConfig,
                                                                      SoftmaxShardedMultiCoreProgramConfig)):
        raise TypeError(f"{what}: program_config must be a ttnn.SoftmaxDefaultProgramConfig or "
                        f"ttnn.SoftmaxShardedMultiCoreProgramConfig, got {type(program_config).__name__}.")


def attention_softmax(tensor, *, head_size=None, attention_mask=None, program_config=None,
                      causal_mask: bool = False, memory_config=None, **kwargs):
    """ttnn.transformer.attention_softmax(tensor, *, head_size=None, attention_mask=None, program_config=
    SoftmaxDefaultProgramConfig(), causal_mask=False, memory_config=None): softmax(tensor / sqrt(head_size) + mask)
    over the last dim."""
    from tensix.ttnn.operations import normalization as N
    what = "ttnn.transformer.attention_softmax"
    O.refuse_unknown_kwargs(what, kwargs)
    _refuse_program_config(what, program_config)
    scale = _scale(head_size)
    mc = memory_config or (tensor.memory_config() if isinstance(tensor, Tensor) else None)
    if attention_mask is None:
        from tensix.ttnn.operations.binary import multiply
        N._check(what, tensor)
        return N.softmax(multiply(tensor, scale), -1, memory_config=mc, numeric_stable=True)
    # prim::scale_mask_softmax (reported under this op's name)
    return N._scale_mask_softmax(what, tensor, scale, attention_mask, mc, bool(causal_mask), None, True, False)


def attention_softmax_(tensor, *, head_size=None, attention_mask=None, program_config=None,
                       causal_mask: bool = False, memory_config=None, **kwargs):
    """ttnn.transformer.attention_softmax_(tensor, *, head_size=None, attention_mask, program_config=
    SoftmaxDefaultProgramConfig(), causal_mask=False, memory_config=None): attention_softmax in place (the result is
    `tensor`, its buffer overwritten; memory_config is ignored, as in ttnn)."""
    from tensix.ttnn.operations import normalization as N
    what = "ttnn.transformer.attention_softmax_"
    O.refuse_unknown_kwargs(what, kwargs)
    _refuse_program_config(what, program_config)
    if attention_mask is None:
        raise TTNNError(f"{what}: Cannot apply divide by sqrt(head_size) using in-place version when attention_mask "
                        "is not set.\nFix: pass attention_mask, or use ttnn.transformer.attention_softmax.")
    # prim::scale_mask_softmax_in_place (no unsqueeze_to_4D: the public scale_mask_softmax_in_place adds that)
    N._scale_mask_softmax(what, tensor, _scale(head_size), attention_mask, None, bool(causal_mask), None, True, True)
    return tensor


for _fn, _name in ((nlp_create_qkv_heads, "ttnn.experimental.nlp_create_qkv_heads"),
                   (nlp_concat_heads, "ttnn.experimental.nlp_concat_heads"),
                   (split_query_key_value_and_split_heads, "ttnn.transformer.split_query_key_value_and_split_heads"),
                   (concatenate_heads, "ttnn.transformer.concatenate_heads"),
                   (attention_softmax, "ttnn.transformer.attention_softmax"),
                   (attention_softmax_, "ttnn.transformer.attention_softmax_")):
    _fn.python_fully_qualified_name = _name
