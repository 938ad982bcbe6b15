"""dyn: maybe_mark_dynamic on dim 0 but the code branches on x.shape[0] > 4, so the branch is guarded."""
import torch
import torch._dynamo

torch.manual_seed(0)


@torch.compile(backend="eager")
def head(x):
    if x.shape[0] > 4:
        return x[:4] * 2
    return x + 1


for n in [3, 2, 6, 8, 4]:
    t = torch.ones(n, 2)
    torch._dynamo.maybe_mark_dynamic(t, 0)
    print(head(t).shape)
