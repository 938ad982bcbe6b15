"""branch: data-dependent `if t.sum() > 0` inside a for-range loop, each iteration branching on a tensor."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x):
    out = x.clone()
    for i in range(3):
        if out.sum() > 0:
            out = out - 2
        else:
            out = out + 1
    return out


print(f(torch.ones(3)))
print(f(torch.full((3,), 5.0)))
