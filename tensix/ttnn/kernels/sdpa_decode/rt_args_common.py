"""tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/transformer/sdpa_decode/device/kernels/rt_args_common.hpp: how the
decode kernels split a user's K chunks over the cores of its (user, KV head) group."""


def get_workload_for_core(cur_pos, core_num, num_cores_per_head, k_chunk_size, sliding_window_size=0):
    """rt_args_common.hpp get_workload_for_core: (PSt, k_num_chunks, k_chunk_start, k_chunk_end,
    window_start_unaligned, window_start_chunk) of this core's share of the K chunks up to cur_pos; the chunks go to
    the cores in reverse (core 0, the reducer, takes the last ones)."""
    if sliding_window_size:
        window_end = cur_pos + 1
        wsu = window_end - sliding_window_size if window_end > sliding_window_size else 0
        ws = (wsu // k_chunk_size) * k_chunk_size
        valid = -(-window_end // k_chunk_size) * k_chunk_size - ws
    else:
        valid, ws, wsu = -(-(cur_pos + 1) // k_chunk_size) * k_chunk_size, 0, 0
    pst, wsc, n = valid // 32, ws // k_chunk_size, valid // k_chunk_size
    if num_cores_per_head > n:
        per = 1 if core_num < n else 0
        start, end = wsc + (n - core_num - 1) * per, wsc + (n - core_num) * per
    else:
        per, res = n // num_cores_per_head, n % num_cores_per_head
        rev = num_cores_per_head - core_num - 1
        start = wsc + rev * per + min(res, rev)
        end = start + per + (1 if rev < res else 0)
    return pst, n, start, end, wsu, wsc
