"""misc: logging.getLogger(...).info inside the compiled function -- test_logging.py / test_misc.py logger calls."""
import logging
import torch

log = logging.getLogger("dynx.test")

@torch.compile
def f(x):
    y = x.cos()
    log.info("value %s", 3)
    return y * 2

f(torch.ones(3))
f(torch.ones(3))
