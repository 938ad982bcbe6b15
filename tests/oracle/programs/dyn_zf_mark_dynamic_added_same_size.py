"""dyn: second call passes a same-size tensor that is now mark_dynamic'd -- the static entry's no-dynamic-indices guard fails."""
import torch
import torch._dynamo

torch.manual_seed(0)


@torch.compile(backend="eager")
def scale(x):
    return x * 3 - 1


print(scale(torch.ones(4, 2)).sum().item())
t = torch.ones(4, 2)
torch._dynamo.mark_dynamic(t, 0)
print(scale(t).sum().item())
u = torch.ones(7, 2)
torch._dynamo.mark_dynamic(u, 0)
print(scale(u).sum().item())
print(scale(torch.ones(4, 2)).sum().item())
