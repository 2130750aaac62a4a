"""Kernels of ttnn.bcast (tensix.ttnn.operations.bcast), one file per tt-metal 622c6fb9 kernel of
ttnn/cpp/ttnn/operations/data_movement/bcast/device/kernels/."""
