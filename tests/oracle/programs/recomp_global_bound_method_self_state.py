"""recomp: a bound method stored in a global dict of ops is called in the compiled function; its __self__'s attribute changes between calls -- test_functions.py test_global_bound_method_self_attr."""
import torch


class Gate:
    def __init__(self):
        self.t = 0.0
        self.gain = 1.0

    def fire(self, x):
        return torch.where(x > self.t, x * self.gain, torch.zeros_like(x))


g = Gate()
OPS = {"gate": g.fire}


@torch.compile(backend="eager")
def f(x):
    return OPS["gate"](x).sum()


torch.manual_seed(0)
x = torch.randn(6)
print(round(f(x).item(), 4))
g.gain = 3.0
print(round(f(x).item(), 4))
g.t = 0.5
print(round(f(x).item(), 4))
