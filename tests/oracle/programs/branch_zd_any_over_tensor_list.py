"""branch: builtin any() over a list of tensor comparisons -- data-dependent bool on tensors."""
import torch


@torch.compile(backend="eager")
def f(xs):
    ys = [x * 2 for x in xs]
    if any(y.sum() > 5 for y in ys):
        return ys[0] + 1
    return ys[0] - 1


torch.manual_seed(0)
xs = [torch.ones(2), torch.ones(2) * 2]
print(f(xs))
print(f([torch.ones(2), torch.ones(2)]))
