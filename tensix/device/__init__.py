"""tensix.device: the simulated Wormhole chip (cores, L1, DRAM, NoC, CBs, scheduler, costs, profiler)."""
