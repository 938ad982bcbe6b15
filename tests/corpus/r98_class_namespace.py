# Classes of the program used as a config namespace, one inheriting from
# the other: Dynamo guards the data it reads on them (G['Cfg'].scale == 2,
# found through the base) and specialises on it, so each new value is an
# entry (a global never becomes dynamic). The last call fails entry 0/1 on
# mode first: it failed on mode before (Dynamo moves a guard that failed to
# the front of its checks).
# expect-entries: 4
# expect-hits: 1
# expect-reason: 0/0: G['Cfg'].scale == 2
# expect-reason: 0/1: G['Cfg'].mode == 'sum'
# expect-dynamic: none
import torch


class Defaults:
    scale = 2


class Cfg(Defaults):
    mode = "sum"


class Head(torch.nn.Module):
    def forward(self, x):
        scaled = x * Cfg.scale
        if Cfg.mode == "sum":
            return scaled.sum()
        return scaled.mean()


head = torch.compile(Head())
inputs = torch.arange(4.0)
head(inputs)
Defaults.scale = 3
head(inputs)
head(inputs)
Cfg.mode = "mean"
head(inputs)
Defaults.scale = 4
head(inputs)
