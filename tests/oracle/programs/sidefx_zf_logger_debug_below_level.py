"""sidefx: logger.debug call (below the configured WARNING level) in a helper called from the frame."""
import logging
import torch

torch.manual_seed(0)

log = logging.getLogger("zf_demo")
log.setLevel(logging.WARNING)


def step(x):
    log.debug("step input %s", x.shape)
    return x.tanh()


@torch.compile(backend="eager")
def f(x):
    a = x * 2
    b = step(a)
    return b + a


print(f(torch.ones(2)))
print(f(torch.ones(2)))
