"""misc: a generator raises ValueError part way through; the compiled fn catches it and keeps the partial sum."""
import torch

torch.manual_seed(0)


def chunks(x, stop_at):
    for i in range(x.shape[0]):
        if i == stop_at:
            raise ValueError("stop")
        yield x[i]


@torch.compile(backend="eager")
def f(x, stop_at):
    total = torch.zeros(())
    try:
        for c in chunks(x, stop_at):
            total = total + c
    except ValueError:
        total = total * 10
    return total


x = torch.arange(5.0)
print(f(x, 3))
print(f(x, 7))
