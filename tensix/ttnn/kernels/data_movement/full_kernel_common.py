"""The fill-value page of ttnn.moreh_full's writers (tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/full/device/kernels/
full_kernel_common.hpp and the OUTPUT_DTYPE_* blocks the three writer_full*.cpp repeat): one CB page of the value,
zeroed with noc.async_write_zeros when the 32-bit word is 0, else elems_per_page stores of the high half (bfloat16),
the word (int32) or its float (float32)."""

import numpy as np

from tensix.kernel import cb_push_back, cb_reserve_back, get_write_ptr, l1_ptr, riscv_wait

_STORE_CYCLES = 5       # a 32-bit L1 store issues at most once per 5 cycles (BabyRISCV/README.md); ESTIMATE: no loop


def fill_value_page(cb_value: int, word: int, elems_per_page: int, page_size: int, defines) -> None:
    """cb_reserve_back, the page written with the value (or zeros), cb_push_back."""
    cb_reserve_back(cb_value, 1)
    addr = get_write_ptr(cb_value)
    if word == 0:
        # noc.async_write_zeros + write_zeros_l1_barrier: a NoC read of the MEM_ZEROS region (tensix: the bytes, with
        # one store's time per word)
        l1_ptr(addr, np.uint8, page_size)[:] = 0
        riscv_wait(_STORE_CYCLES * (page_size // 4))
    elif defines.get("OUTPUT_DTYPE_BFLOAT16"):
        l1_ptr(addr, np.uint16, elems_per_page)[:] = word >> 16
        riscv_wait(_STORE_CYCLES * elems_per_page)
    elif defines.get("OUTPUT_DTYPE_INT32") or defines.get("OUTPUT_DTYPE_FLOAT32"):
        l1_ptr(addr, np.uint32, elems_per_page)[:] = word      # the float's bits are the word (the union)
        riscv_wait(_STORE_CYCLES * elems_per_page)
    cb_push_back(cb_value, 1)
