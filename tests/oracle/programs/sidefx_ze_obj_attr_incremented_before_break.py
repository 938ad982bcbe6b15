"""sidefx: an object attribute counter bumped before a print break, read only after it."""
import torch


class State:
    n = 0


S = State()


@torch.compile(backend="eager")
def f(x):
    S.n += 1
    y = x + 1
    print("tick")
    return y * S.n


for _ in range(3):
    print(f(torch.ones(2)))
