"""What kernels import: `from tensix.kernel import *` gives tt-metal's dataflow and compute kernel API names."""

from tensix.kernel.dataflow import *  # noqa: F401,F403
from tensix.kernel.dataflow import __dict__ as _df
from tensix.kernel.compute import *  # noqa: F401,F403
from tensix.kernel.compute import __dict__ as _cp
from tensix.kernel.sfpu_ops import *  # noqa: F401,F403
from tensix.kernel import sfpu_ops as _ops
from tensix.kernel.tilize import *  # noqa: F401,F403
from tensix.kernel import tilize as _tilize
from tensix.kernel.dest_reuse import *  # noqa: F401,F403
from tensix.kernel import dest_reuse as _dest_reuse
from tensix.kernel.welford import *  # noqa: F401,F403
from tensix.kernel import welford as _welford
from tensix.kernel.sfpu_topk import *  # noqa: F401,F403
from tensix.kernel import sfpu_topk as _sfpu_topk
from tensix.kernel.sfpu_int_ops import *  # noqa: F401,F403
from tensix.kernel import sfpu_int_ops as _sfpu_int_ops
from tensix.device.formats import DataFormat  # noqa: F401

__all__ = sorted({n for n in list(_df) + list(_cp) if not n.startswith("_") and n not in
                  ("annotations", "np", "sys", "enum", "soc", "cost", "formats", "fpu")} | {"DataFormat", "_run_sfpu"}
                 | set(_ops.__all__) | set(_tilize.__all__) | set(_dest_reuse.__all__) | set(_welford.__all__)
                 | set(_sfpu_topk.__all__) | set(_sfpu_int_ops.__all__))
from tensix.kernel.compute import _run_sfpu  # noqa: E402,F401
