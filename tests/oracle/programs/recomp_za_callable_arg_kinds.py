"""recomp: callable(arg) picks the branch under fullgraph=True; the argument is an instance of a plain class, of a class with __call__, an int, a float, a bool and a tensor in turn -- test_functions.py test_callable_class."""
import torch


class CallableThing:
    def __call__(self):
        return 1


class PlainThing:
    pass


@torch.compile(backend="eager", fullgraph=True)
def fn(x, arg):
    if callable(arg):
        return x * 2
    return x + 1


x = torch.ones(3)
for arg in (PlainThing(), CallableThing(), 1, 1.5, True, torch.zeros(3), PlainThing()):
    print(type(arg).__name__, fn(x, arg).tolist())
