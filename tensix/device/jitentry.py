"""Direct machine-code entry points of compiled (numba) functions, for the calls made once per tile.

Calling a numba dispatcher first works out the numba type of every argument to choose a compiled version:
for a 12-argument call such as a DRAM page transfer that is about 0.15-0.3 us of the call's 0.5-0.8 us, paid
several times per tile. The entry point of one compiled version skips that step. It converts the arguments
to exactly that version's types, trusting the caller: an array of another dtype raises TypeError, but one of
another dimension or layout is not checked at all (its memory is read with the wrong shape: a crash or worse),
and a float passed for an int64 is truncated. So an entry point is only for call sites whose arrays are
tensix's own (L1, DRAM banks, window states, Dst sections: tests/test_jitentry.py checks their shapes) and
whose numbers are Python ints the caller has checked.
"""

from __future__ import annotations

import numba as nb


def entry_for(dispatcher, *like):
    """The entry point of `dispatcher` compiled for arguments of the types of the example values `like` (loaded
    from numba's cache or compiled now, as the first call would). numba's Dispatcher.compile returns that entry
    point; should a release return something else, the dispatcher itself is used (slower, same results)."""
    ep = dispatcher.compile(tuple(nb.typeof(v) for v in like))
    return ep if callable(ep) else dispatcher
