"""dyn: mark_unbacked on dim 0, then sizes 3, 1, 5 with fresh marks (no 0/1 specialisation, no recompile) -- test_dynamic_shapes.py / test_misc.py mark_unbacked (torch._dynamo.decorators.mark_unbacked)."""
import torch


@torch.compile
def fn(x):
    return (x * 2).sum(0)


for n in (3, 1, 5):
    x = torch.ones(n, 2)
    torch._dynamo.decorators.mark_unbacked(x, 0)
    print(n, [round(v, 4) for v in fn(x).tolist()])
