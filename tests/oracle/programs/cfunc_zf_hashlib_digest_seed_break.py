"""cfunc: hashlib.md5 of a name string picks a seed-like int inside the frame (C extension call)."""
import hashlib
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, name):
    h = int(hashlib.md5(name.encode()).hexdigest()[:4], 16) % 7
    return x * h + 1


print(f(torch.ones(2), "alpha"))
print(f(torch.ones(2), "alpha"))
print(f(torch.ones(2), "beta"))
