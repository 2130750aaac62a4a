"""tt-mlir's Python package `ttmlir` as of 2024-07-29 (5ebfe37a44, python/TTModule.cpp and the MLIR core
bindings it re-exports), as far as seed 003's layout script and tt-mlir's test/python/tensor_layout.py use it:
`from ttmlir.ir import *`, `from ttmlir.dialects import tt`, `tt.ir.LayoutAttr.get / with_grid_ /
with_element_type_`, `tt.ir.GridAttr.get`, `tt.ir.TileType.get` and the enums. Under `tensix run`, `import ttmlir`
resolves here; the objects are tensix.mlir's (xDSL) attributes and print as the bindings did."""
