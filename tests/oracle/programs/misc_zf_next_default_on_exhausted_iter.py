"""misc: next(it, default) on an iterator that runs out inside the frame, plus iter() over a list."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(ts):
    it = iter(ts)
    first = next(it, None)
    out = first * 2
    while True:
        t = next(it, None)
        if t is None:
            break
        out = out + t
    return out


ts = [torch.ones(2) * i for i in range(3)]
print(f(ts))
print(f(ts[:2]))
