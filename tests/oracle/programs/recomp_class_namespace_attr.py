"""recomp: a class of the program used as a config namespace (Cfg.scale, Cfg.mode) changed between calls; the last call fails entry 0/1 on mode, which failed before (Dynamo moves a failed guard to the front) -- test_recompiles.py global class attribute guards (G['Cfg'].scale == 2)."""
import torch


class Cfg:
    scale = 2
    mode = "sum"


@torch.compile
def f(x):
    y = x * Cfg.scale
    return y.sum() if Cfg.mode == "sum" else y.mean()


x = torch.arange(4.0)
f(x)
Cfg.scale = 3
f(x)
Cfg.mode = "mean"
f(x)
Cfg.scale = 4
f(x)
