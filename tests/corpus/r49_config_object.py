# A dataclass config whose flag is flipped between calls.
# expect-entries: 2
# expect-reason: 0/0: cfg.residual == True
import dataclasses

import torch


@dataclasses.dataclass
class Config:
    residual: bool = True
    scale: float = 0.5


@torch.compile
def f(x, cfg):
    y = x * cfg.scale
    return y + x if cfg.residual else y


cfg = Config()
f(torch.ones(2), cfg)
cfg.residual = False
f(torch.ones(2), cfg)
