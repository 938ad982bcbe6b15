"""misc: for loop with try/finally using continue and break; finally updates a tensor accumulator."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(xs):
    acc = torch.zeros(2)
    n = 0
    for i, x in enumerate(xs):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            acc = acc + x
        finally:
            n += 1
            acc = acc * 0.5 + 0.1
    return acc, n


xs = [torch.full((2,), float(i)) for i in range(5)]
print(f(xs))
print(f(xs))
