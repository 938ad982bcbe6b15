"""sidefx: logging.Logger.info inside the frame -- test_misc.py test_logging (logger calls)."""
import logging
import torch

log = logging.getLogger("oracle.prog")

@torch.compile
def f(x):
    y = x * 2
    log.info("value computed")
    return y + 1

f(torch.ones(3))
