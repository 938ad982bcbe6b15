# State a module holds without registering it: a config object
# (self.cfg.scale), a function (self.act) and a plain tensor (self.mask).
# The config's value and the function are guarded (a change is a new
# entry); the tensor is lifted as state like a buffer, so replacing it by
# another of the same shape, or changing it in place, is a hit that
# computes with the new values.
# expect-entries: 3
# expect-graphs: 3
# expect-reason: 0/0: self.cfg.scale == 2.0
# expect-reason: 0/1: ___check_obj_id(self.act, <id>), type=<class 'builtin_function_or_method'>  # expected torch.relu, found torch.tanh
# expect-hits: 2
import torch


class Config:
    def __init__(self):
        self.scale = 2.0


class M(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.act = torch.relu
        self.mask = torch.ones(4)

    def forward(self, x):
        return self.act(x * self.cfg.scale) * self.mask


cfg = Config()
m = M(cfg)
compiled = torch.compile(m)
x = torch.linspace(-1, 1, 4)
compiled(x)
cfg.scale = 3.0
compiled(x)
m.act = torch.tanh
compiled(x)
m.mask = torch.full((4,), 2.0)
compiled(x)
m.mask.mul_(5)
compiled(x)
