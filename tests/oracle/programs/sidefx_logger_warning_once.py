"""sidefx: a Logger method cached with functools.lru_cache (transformers' warning_once) breaks at every call, cached or not -- test_logging.py / test_misc.py logging."""
import functools
import logging

import torch


@functools.lru_cache(None)
def warning_once(self, *args, **kwargs):
    self.warning(*args, **kwargs)


logging.Logger.warning_once = warning_once
logger = logging.getLogger("demo")


@torch.compile
def f(x):
    y = x.sin()
    logger.warning_once("computing f")
    return y.cos()


for n in (3, 3, 4):
    f(torch.ones(n))
