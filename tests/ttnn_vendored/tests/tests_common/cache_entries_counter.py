# SPDX-FileCopyrightText: © 2026 Tenstorrent USA, Inc.
#
# SPDX-License-Identifier: Apache-2.0
# Vendored from tenstorrent/tt-metal (mirror nyoshifujiTT/tt-metal), commit 622c6fb9, tests/tests_common/cache_entries_counter.py; unmodified but for this line. Run by tensix (tests/test_ttnn_vendored.py).

from contextlib import contextmanager


class CacheEntriesCounter:
    def __init__(self, device):
        self.device = device
        self.total = 0

    def reset(self):
        """Reset the accumulated cache diff to zero."""
        self.total = 0

    @contextmanager
    def measure(self):
        before = self.device.num_program_cache_entries()
        yield
        self.total += self.device.num_program_cache_entries() - before

    def decorator(self, fn):
        from functools import wraps

        @wraps(fn)
        def wrapper(*args, **kwargs):
            with self.measure():
                return fn(*args, **kwargs)

        return wrapper
