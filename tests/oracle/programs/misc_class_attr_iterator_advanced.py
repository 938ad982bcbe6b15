"""misc: a list iterator held as a class attribute (Sched.it) is advanced inside the compiled function; the class attribute is replaced by a new iterator later -- test_iter.py / test_class.py."""
import torch


class Sched:
    it = iter([0.5, 1.5, 2.5])


@torch.compile(backend="eager")
def f(x):
    return x + next(Sched.it)


x = torch.zeros(2)
for _ in range(3):
    print(f(x).sum().item())
Sched.it = iter([10.0])
print(f(x).sum().item())
