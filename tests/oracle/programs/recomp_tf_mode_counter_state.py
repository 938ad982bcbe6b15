"""recomp: an outer torch function mode counts calls in an attribute (self.count += 1); each compiled call sees a new count, so it recompiles -- test_modes.py test_torch_function_mode_mutated_state."""
import torch
from torch.overrides import TorchFunctionMode


class CounterMode(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.count += 1
        return func(*args, **(kwargs or {}))


@torch.compile
def f(x):
    return x.sin() + 1


x = torch.zeros(3)
with CounterMode() as mode:
    f(x)
    c1 = mode.count
    f(x)
    c2 = mode.count
    f(x)
print(c1, c2, mode.count)
print(f(x).tolist())
