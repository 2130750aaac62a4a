"""`ttnn._ttnn`, ttnn's compiled module, as far as tt-metal's tests reach into it: `reports` (get_buffers,
get_buffer_pages: tensix.ttnn.buffer_report)."""

from __future__ import annotations

import types

from tensix.ttnn import buffer_report

reports = types.SimpleNamespace(BufferInfo=buffer_report.BufferInfo, BufferPageInfo=buffer_report.BufferPageInfo,
                                get_buffers=buffer_report.get_buffers,
                                get_buffer_pages=buffer_report.get_buffer_pages)
