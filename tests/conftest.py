"""Collection order for the suite: the longest tests first (tt-metal's vendored ttnn tests and tutorials, tt-mlir's lit
tests), so that with pytest-xdist (`-n auto`, the README's test command) one worker starts them at once while the
other workers take the rest, instead of leaving them for the end. Without xdist the order makes no difference."""

_LONGEST_FIRST = ("tests/test_ttnn_vendored.py", "tests/test_mlir_lit.py")


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        path = item.nodeid.split("::")[0]
        return _LONGEST_FIRST.index(path) if path in _LONGEST_FIRST else len(_LONGEST_FIRST)
    items.sort(key=rank)        # stable: the order within each group is kept
