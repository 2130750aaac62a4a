# Runs tt-mlir's own lit tests (vendored under this folder, see README.md) with tensix-opt standing in for
# ttmlir-opt and the PyPI `filecheck` for LLVM's FileCheck. Driven by tests/test_mlir_lit.py.
import os
import sys

import lit.formats

config.name = "tensix-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["README.md", "lit.cfg.py", "__pycache__"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.environ.get("TENSIX_LIT_EXEC_ROOT", config.test_source_root)

python = f'"{sys.executable}"'
# -Dtensix_opt=<command> swaps the tool (tests/test_mlir_lit.py checks that a wrong one fails the suite)
tool = lit_config.params.get("tensix_opt", f"{python} -m tensix.mlir.opt")
config.substitutions.append(("ttmlir-opt", tool))
config.substitutions.append(("FileCheck", f"{python} -m filecheck"))
# test/python's `%python %s`: the script under `tensix run`, which maps `import ttmlir` to tensix.mlir.compat.ttmlir
config.substitutions.append(("%python", f'{python} -c "import sys; from tensix.cli import main; sys.exit(main())" run'))
config.environment["PYTHONPATH"] = os.pathsep.join(
    p for p in (os.path.dirname(os.path.dirname(config.test_source_root)), os.environ.get("PYTHONPATH")) if p)
config.environment["SYSTEM_DESC_PATH"] = ""
