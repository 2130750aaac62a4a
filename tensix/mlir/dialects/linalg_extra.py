"""linalg named ops torch-mlir emits that xDSL 0.74's linalg lacks, added to the parsing context.

- `linalg.batch_matmul ins(%a, %b : tensor<BxMxK>, tensor<BxKxN>) outs(%c : tensor<BxMxN>)`: the batched matmul of
  MLIR's LinalgNamedStructuredOps.yaml (indexing maps (b, m, n, k) -> (b, m, k), (b, k, n), (b, m, n); the body
  c += a * b); same assembly as linalg.matmul. --convert-linalg-to-ttir lowers it to a 3-D ttir.matmul."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr
from xdsl.dialects.linalg.ops import MatmulOp, NamedOperation
from xdsl.ir.affine import AffineMap
from xdsl.irdl import irdl_op_definition, prop_def


@irdl_op_definition
class BatchMatmulOp(NamedOperation):
    name = "linalg.batch_matmul"
    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True

    indexing_maps = prop_def(
        ArrayAttr[AffineMapAttr],
        default_value=ArrayAttr([
            AffineMapAttr(AffineMap.from_callable(lambda b, i, _, k: (b, i, k))),
            AffineMapAttr(AffineMap.from_callable(lambda b, _, j, k: (b, k, j))),
            AffineMapAttr(AffineMap.from_callable(lambda b, i, j, _: (b, i, j))),
        ]),
    )

    def get_default_indexing_maps(self):
        return tuple(m.data for m in self.indexing_maps.data)

    def get_iterator_types(self):
        from xdsl.dialects.linalg.attrs import IteratorTypeAttr

        return ArrayAttr([IteratorTypeAttr.parallel()] * 3 + [IteratorTypeAttr.reduction()])

    @classmethod
    def get_hidden_region(cls, inputs, outputs):
        """The body of linalg.matmul (c += a * b on the element types), which the batch dim does not change."""
        return MatmulOp.get_hidden_region.__func__(cls, inputs, outputs)


EXTRA_OPS = (BatchMatmulOp,)
