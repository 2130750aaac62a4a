"""tt::data_movement::common::noc_async_read_sharded / noc_async_write_sharded (tt-metal 622c6fb9
ttnn/cpp/ttnn/operations/data_movement/common/kernels/common.hpp): a transfer of one logical row, addressed by its
row index, through a TensorAccessor. Over an interleaved buffer, or a sharded one whose page shape has one page per
row (HEIGHT sharded row-major), it is one transfer of the row's page. Over a BLOCK / WIDTH sharded row-major buffer a
row is split over pages_per_row pages (the last dim of the accessor's page shape, each page one shard's width), so
the transfer is split at page boundaries: page row * pages_per_row + offset // page_size on, each piece to its own
shard's core (page_size the accessor's aligned page size)."""

from tensix.kernel import noc_async_read, noc_async_write


def _pages_per_row(s) -> int:
    shape = getattr(s, "tensor_shape", None)        # only a sharded accessor carries its page shape
    if shape is None or len(shape) <= 1:
        return 1
    return int(shape[-1])


def _pieces(s, row, offset, size):
    """(page id, offset in the page, bytes) of each piece of a transfer of `size` bytes at `offset` into row `row`."""
    ppr = _pages_per_row(s)
    if ppr <= 1:
        return [(row, offset, size)]
    page = s.aligned_page_size
    pid, off = row * ppr + offset // page, offset % page
    out = []
    done = 0
    while done < size:
        n = min(size - done, page - off)
        out.append((pid, off, n))
        done += n
        pid += 1
        off = 0
    return out


def noc_async_read_sharded(l1_addr, s, src_id, offset, size):
    """noc_async_read_sharded(l1_addr, tensor, src_id, offset, size)."""
    for pid, off, n in _pieces(s, src_id, offset, size):
        noc_async_read(s.get_noc_addr(pid, off), l1_addr, n)
        l1_addr += n


def noc_async_write_sharded(l1_addr, s, dst_id, offset, size):
    """noc_async_write_sharded(l1_addr, tensor, dest_id, offset, size)."""
    for pid, off, n in _pieces(s, dst_id, offset, size):
        noc_async_write(l1_addr, s.get_noc_addr(pid, off), n)
        l1_addr += n
