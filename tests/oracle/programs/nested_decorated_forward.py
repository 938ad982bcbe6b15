"""nested: torch.compile(model) whose forward is wrapped by a functools.wraps decorator taking (*args, **kwargs), as transformers decorates its forwards -- test_modules.py decorated forward."""
import functools
import torch

def deco(fn):
    @functools.wraps(fn)
    def wrapped_func(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapped_func

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(4, 4)

    @deco
    def forward(self, x):
        return self.l(x).relu()

m = torch.compile(M())
for n in (2, 3):
    m(torch.ones(n, 4))
