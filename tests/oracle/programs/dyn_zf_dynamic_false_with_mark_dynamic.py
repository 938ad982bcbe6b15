"""dyn: torch.compile(dynamic=False) on inputs that the caller mark_dynamic's; batch sizes 3, 5, 7."""
import torch
import torch._dynamo

torch.manual_seed(0)


def double(x):
    return x * 2 + 1


opt = torch.compile(double, backend="eager", dynamic=False)
for n in [3, 5, 7]:
    t = torch.ones(n)
    torch._dynamo.mark_dynamic(t, 0)
    print(opt(t).shape)
