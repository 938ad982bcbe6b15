"""recomp: a match statement with sequence patterns on a history list the compiled function appends to itself, so each call sees a longer list -- test_patma.py sequence patterns / test_list.py."""
import torch

history = []


@torch.compile(backend="eager")
def f(x):
    history.append(float(len(history) + 1))
    match history:
        case [a]:
            return x * a
        case [a, b]:
            return x * (a + b)
        case [a, *rest]:
            return x * a - len(rest)


x = torch.ones(2)
for _ in range(4):
    print(f(x).sum().item(), len(history))
