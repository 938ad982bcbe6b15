"""dyn: inputs mark_dynamic on dim 0 only; dim 0 varies freely, then dim 1 changes and goes automatic dynamic."""
import torch
import torch._dynamo

torch.manual_seed(0)


@torch.compile(backend="eager")
def rowsum(x):
    return x.sum(1) * 2


for shape in [(3, 4), (6, 4), (6, 5), (2, 7)]:
    t = torch.ones(shape)
    torch._dynamo.mark_dynamic(t, 0)
    print(rowsum(t).shape)
