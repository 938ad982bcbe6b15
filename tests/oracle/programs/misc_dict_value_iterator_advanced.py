"""misc: a dict_valueiterator (iter(d.values())) stored in a global state dict is advanced inside the compiled function -- test_iter.py / test_dicts.py dict view iterators."""
import torch

STATE = {"it": iter({"a": 1.0, "b": 2.0, "c": 4.0}.values())}


@torch.compile(backend="eager")
def f(x):
    return x * next(STATE["it"])


x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item())
