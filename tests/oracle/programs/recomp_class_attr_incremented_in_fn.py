"""recomp: the compiled method increments a class attribute through type(self) (type(self).calls += 1) and scales by it; each call sees a new class attribute value -- test_class.py / test_misc.py class attribute mutation."""
import torch


class Counter:
    calls = 0

    def step(self, x):
        type(self).calls += 1
        return x * type(self).calls


c = Counter()
step = torch.compile(c.step, backend="eager")
x = torch.ones(2)
for _ in range(3):
    print(step(x).sum().item(), Counter.calls)
