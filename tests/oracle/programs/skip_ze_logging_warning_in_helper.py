"""skip: a helper logs a warning through a module-level logger between two tensor ops."""
import logging
import torch

log = logging.getLogger("ze_demo")
log.addHandler(logging.NullHandler())


def helper(x):
    y = x.relu()
    log.warning("helper saw %d", 3)
    return y + 1


@torch.compile(backend="eager")
def f(x):
    return helper(x * 2) - 1


print(f(torch.ones(2)))
print(f(torch.ones(2)))
