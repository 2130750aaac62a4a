"""MLIR's greedy pattern driver as tt-mlir's 2024 passes ran it (applyPatternsAndFoldGreedily, default config).

llvm-project 9ddfe62f5c11 (the LLVM tt-mlir pinned in env/CMakeLists.txt at be6c5b5c98),
mlir/lib/Transforms/Utils/GreedyPatternRewriteDriver.cpp: `useTopDownTraversal = false`, so each sweep fills the
worklist by a post-order walk and pops from the back (the last op of a block is rewritten first); an op already on
the worklist is not added again; a modified or newly inserted op is pushed (and so is popped next); erasing an op
pushes the defining ops of its operands that are left with at most one use; trivially dead ops (no uses, no side
effects: here `tensor.empty` and `arith.constant`) are erased when popped; sweeps repeat while anything changed, at
most 10 times.

The order is visible in tt-mlir's tests: a consumer rewritten before its producer gets a `ttir.to_layout` of the
producer's still-System result, which becomes an L1 to L1 copy once the producer is rewritten
(test/ttmlir/Dialect/TTNN/softmax/simple_softmax.mlir, multiple_add_with_loc.mlir's `return %20, %22`).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Attribute, Operation, SSAValue

_DEAD_WHEN_UNUSED = ("tensor.empty", "arith.constant")


def set_type(value: SSAValue, ty: Attribute) -> None:
    """Change a value's type in place (MLIR's Value::setType)."""
    object.__setattr__(value, "_type", ty)


class _Worklist:
    def __init__(self):
        self.items: list[Operation | None] = []
        self.index: dict[int, int] = {}

    def push(self, op: Operation) -> None:
        if id(op) in self.index:
            return
        self.index[id(op)] = len(self.items)
        self.items.append(op)

    def pop(self) -> Operation | None:
        while self.items:
            op = self.items.pop()
            if op is not None:
                del self.index[id(op)]
                return op
        return None

    def remove(self, op: Operation) -> None:
        i = self.index.pop(id(op), None)
        if i is not None:
            self.items[i] = None


class Rewriter:
    """The PatternRewriter a pattern gets: every change is reported to the driver's worklist."""

    def __init__(self, worklist: _Worklist):
        self.worklist = worklist

    def insert_before(self, new: Operation, anchor: Operation) -> Operation:
        anchor.parent_block().insert_op_before(new, anchor)
        if new.location is None or type(new.location).__name__ == "UnknownLoc":
            new.location = anchor.location
        self.worklist.push(new)
        return new

    def insert_after(self, new: Operation, anchor: Operation) -> Operation:
        block = anchor.parent_block()
        nxt = anchor.next_op
        if nxt is None:
            block.add_op(new)
        else:
            block.insert_op_before(new, nxt)
        self.worklist.push(new)
        return new

    def modified(self, op: Operation) -> None:
        self.worklist.push(op)

    def erase(self, op: Operation) -> None:
        operands = list(op.operands)
        self.worklist.remove(op)
        op.parent_block().erase_op(op)
        for v in operands:
            owner = v.owner
            if isinstance(owner, Operation) and owner.parent is not None and len(list(v.uses)) <= 1:
                self.worklist.push(owner)

    def replace(self, op: Operation, new_values: list[SSAValue]) -> None:
        for old, new in zip(op.results, new_values):
            old.replace_all_uses_with(new)
        self.erase(op)


Pattern = Callable[[Operation, Rewriter], bool]


def _post_order(op: Operation, out: list[Operation]) -> None:
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                _post_order(child, out)
                out.append(child)


def apply_greedily(root: Operation, pattern: Pattern, max_iterations: int = 10) -> None:
    """Apply `pattern` (returns True when it changed the IR) over everything nested in `root`."""
    for _ in range(max_iterations):
        worklist = _Worklist()
        ops: list[Operation] = []
        _post_order(root, ops)
        for op in ops:
            worklist.push(op)
        rewriter = Rewriter(worklist)
        changed = False
        while (op := worklist.pop()) is not None:
            if op.name in _DEAD_WHEN_UNUSED and all(not list(r.uses) for r in op.results):
                rewriter.erase(op)
                changed = True
                continue
            if pattern(op, rewriter):
                changed = True
        if not changed:
            return
