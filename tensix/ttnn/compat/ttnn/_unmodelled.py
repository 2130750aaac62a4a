"""Placeholders for the ttnn operations tensix does not model.

tt-metal's test modules name ops at import time, in parametrize tables (`@pytest.mark.parametrize("op", [ttnn.eq,
ttnn.remainder, ...])`): with ttnn's attribute lookup failing, the whole module would not import and none of its
cases would run. So a name that ttnn 0.81.1 has as an operation (_operation_names.py, listed from the wheel) but
tensix.ttnn lacks resolves to an UnmodelledOperation: printed and named as ttnn's op (`ttnn.eq`, its
python_fully_qualified_name), with ttnn's golden function where the facade has one, and a call that raises
NotModelledError naming the op. Nothing is computed: a test that calls it stops there, loudly."""

from __future__ import annotations

from tensix.errors import NotModelledError


class UnmodelledOperation:
    """A ttnn operation tensix does not run: `ttnn.<name>(...)` raises NotModelledError."""

    def __init__(self, qualified_name: str):
        self.python_fully_qualified_name = qualified_name
        self.__name__ = qualified_name.rpartition(".")[2]
        self.__qualname__ = self.__name__

    def __call__(self, *args, **kwargs):
        raise NotModelledError(
            f"{self.python_fully_qualified_name} is a ttnn operation that tensix does not model (no program of its "
            f"own in tensix.ttnn).\nFix: use an op tensix has (dir(ttnn)), or add {self.__name__} to tensix.ttnn.")

    @property
    def golden_function(self):
        """ttnn's golden function of the op where the facade has one (the test's reference); else NotModelledError."""
        from tensix.ttnn.compat.ttnn.decorators import _GOLDEN, operation_name
        fn = _GOLDEN.get(operation_name(self.python_fully_qualified_name))
        if fn is None:
            self()
        return fn

    def __repr__(self):
        return self.python_fully_qualified_name

    def __eq__(self, other):
        return isinstance(other, UnmodelledOperation) and \
            other.python_fully_qualified_name == self.python_fully_qualified_name

    def __hash__(self):
        return hash(self.python_fully_qualified_name)


_CACHE: dict[str, UnmodelledOperation] = {}


def lookup(namespace: str, name: str):
    """The placeholder for `namespace.name` ("ttnn", "ttnn.experimental" or "ttnn.transformer") if ttnn has such an
    operation, else None."""
    from tensix.ttnn.compat.ttnn import _operation_names as names
    table = {"ttnn": names.TTNN, "ttnn.experimental": names.EXPERIMENTAL,
             "ttnn.transformer": names.TRANSFORMER}.get(namespace, ())
    if name not in table:
        return None
    key = f"{namespace}.{name}"
    op = _CACHE.get(key)
    if op is None:
        op = _CACHE[key] = UnmodelledOperation(key)
    return op
