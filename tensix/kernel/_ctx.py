"""The kernel thread the scheduler is running right now (set on every switch)."""

th = None  # tensix.device.scheduler.KThread


def set_current(t):
    global th
    th = t
