"""disable: torch.compiler.disable applied to one instance's bound method, called from a compiled method of the same object -- test_misc.py test_disable_method / torch.compile on a bound method."""
import torch

class Runner:
    def __init__(self):
        self.calls = 0

    def record(self, x):
        self.calls += 1
        return x.sum().item()

    def step(self, x):
        y = x * 2
        self.record(y)
        return y + 1

r = Runner()
r.record = torch.compiler.disable(r.record)
step = torch.compile(r.step)
step(torch.ones(3))
step(torch.ones(3))
