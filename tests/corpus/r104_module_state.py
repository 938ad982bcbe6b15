# State that lives outside the frame's arguments, changed between calls:
# a config module's attribute (import cfg; cfg.scale), a buffer registered
# as None and set later, an attribute a module reads with getattr's
# default, a NumPy scalar argument. Each is guarded (before, each hit the
# stale entry: --verify found them unsound). --verify finds nothing.
# expect-entries: 5
# expect-unsound: 0
# expect-reason: 0/0: G['cfg'].scale == 2.0
# expect-reason: 0/1: self._buffers['mask'] is None
# expect-reason: 0/2: not hasattr(self, 'temperature')
# expect-reason: 0/3: the call computed something else than entry 0/3: graph 0/3/0.nodes[3].args[1]: expected 1, got 2
import sys
import types

import numpy as np
import torch

cfg = types.ModuleType("cfg")  # as a config.py of the program's would be
cfg.scale = 2.0
sys.modules["cfg"] = cfg
import cfg  # noqa: E402


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.register_buffer("mask", None)

    def forward(self, x, s):
        y = self.lin(x) * cfg.scale * s
        if self.mask is not None:
            y = y * self.mask
        return y / getattr(self, "temperature", 1.0)


torch.manual_seed(0)
m = Head()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(round(cm(x, np.int64(1)).sum().item(), 4))
cfg.scale = 3.0
print(round(cm(x, np.int64(1)).sum().item(), 4))
m.mask = torch.tensor([1.0, 0.0, 1.0, 0.0])
print(round(cm(x, np.int64(1)).sum().item(), 4))
m.temperature = 4.0
print(round(cm(x, np.int64(1)).sum().item(), 4))
print(round(cm(x, np.int64(2)).sum().item(), 4))
