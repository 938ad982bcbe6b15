# A class of the program used as a config namespace: Dynamo guards the data
# it reads on it (G['Cfg'].scale == 2) and specialises on it, so each new
# value is an entry (a global never becomes dynamic). The last call fails
# entry 0/1 on mode first: it failed on mode before (Dynamo moves a guard
# that failed to the front of its checks).
# expect-entries: 4
# expect-hits: 1
# expect-reason: 0/0: G['Cfg'].scale == 2
# expect-reason: 0/1: G['Cfg'].mode == 'sum'
# expect-dynamic: none
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
f(x)
Cfg.mode = "mean"
f(x)
Cfg.scale = 4
f(x)
