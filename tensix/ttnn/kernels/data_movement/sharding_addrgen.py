"""shard_builder's ShardedAddrGen on the device side: the NoC address of page `id` of a legacy-sharded tensor
(HEIGHT / WIDTH / BLOCK) from the ShardedInfo compile-time args and the core table in the runtime args.

Ports tt-metal 622c6fb9 ttnn/cpp/ttnn/operations/ccl/kernel_common/sharding_addrgen.hpp (ShardedInfo,
get_width_sharded_coordinates / get_height_sharded_coordinates / get_block_sharded_coordinates, get_shard_map,
ShardedAddrGen::get_noc_addr) for L1 shards. The core table packs two cores a word, the even-numbered core in the
high half (each half NoC x << 8 | NoC y), as shard_builder::generate_run_time_args writes it. Host side:
tensix.ttnn.operations.dm_copy_sharded (shard_builder::generate_compile_time_args / _run_time_args)."""

from tensix.kernel import *  # noqa: F401,F403

HEIGHT_SHARDED, WIDTH_SHARDED = 2, 3        # tt-metal's TensorMemoryLayout values (buffer_types.hpp)


def shard_coordinates(info, page):
    """(core number, page in the core's shard) of page `page`: the ShardedInfo (shard type, cores, page size jump,
    pages per tensor row, contiguity, pages per shard width, rows per shard height), uint32 as on the card."""
    shard_type, _cores, _jump, per_row, _contiguity, per_shard_w, rows_per_shard = info
    if shard_type == HEIGHT_SHARDED:
        per_core = per_row * rows_per_shard
        core = page // per_core
        return core, page - core * per_core
    row = page // per_row
    col = page - row * per_row
    w_core = col // per_shard_w
    w_off = col - w_core * per_shard_w
    if shard_type == WIDTH_SHARDED:
        return w_core, row * per_shard_w + w_off
    cores_per_block_row = (per_row - 1) // per_shard_w + 1
    h_core = row // rows_per_shard
    h_off = row - h_core * rows_per_shard
    return w_core + h_core * cores_per_block_row, w_off + h_off * per_shard_w


class ShardedAddrGen:
    """experimental::ShardedAddrGen<ShardedInfo> over an L1-sharded buffer at bank_base_address, its core table at
    runtime arg `table_arg`."""

    def __init__(self, info, bank_base_address, table_arg):
        self.info = info
        self.bank_base_address = bank_base_address
        self.table_arg = table_arg

    def get_noc_addr(self, page, offset=0):
        core, core_page = shard_coordinates(self.info, page)
        word = get_arg_val(self.table_arg + (core >> 1))
        coord = (word >> (0 if core & 1 else 16)) & 0xFFFF
        addr = (self.bank_base_address + core_page * self.info[2] + offset) & 0xFFFFFFFF
        return get_noc_addr((coord >> 8) & 0xFF, coord & 0xFF, addr)


def sharded_info(first_arg):
    """The seven ShardedInfo compile-time args from index first_arg on."""
    return tuple(get_compile_time_arg_val(first_arg + i) for i in range(7))
