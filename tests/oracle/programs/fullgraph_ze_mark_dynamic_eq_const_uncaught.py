"""fullgraph: mark_dynamic dim then `x.shape[0] == 4` specializes it: ConstraintViolationError escapes (uncaught)."""
import torch


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    y = x * 2
    if x.shape[0] == 4:
        return y + 1
    return y - 1


print(f(torch.ones(3, 2)))
x = torch.ones(4, 2)
torch._dynamo.mark_dynamic(x, 0)
print(f(x))
