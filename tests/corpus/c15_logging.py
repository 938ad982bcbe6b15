# logging calls are side effects.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: side-effect@13
import logging
import torch

log = logging.getLogger("corpus")

@torch.compile
def f(x):
    y = x.exp()
    log.info("step")
    return y - 1

f(torch.zeros(2))
