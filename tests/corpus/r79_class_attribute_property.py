# A module's forward reads a class attribute (M.scale, set on the class
# between calls) and a property over a private attribute (self._t): both
# are guarded by value, so each change is a new entry, never a stale hit.
# expect-entries: 3
# expect-graphs: 3
# expect-reason: 0/0: dict(type(self).__dict__)['scale'] == 2.0
# expect-reason: 0/1: self._t == 1.0
import torch


class M(torch.nn.Module):
    scale = 2.0

    def __init__(self):
        super().__init__()
        self._t = 1.0

    @property
    def temperature(self):
        return self._t * 2

    def forward(self, x):
        return x * self.scale / self.temperature


m = M()
compiled = torch.compile(m)
compiled(torch.ones(3))
M.scale = 5.0
compiled(torch.ones(3))
m._t = 4.0
compiled(torch.ones(3))
compiled(torch.ones(3))
