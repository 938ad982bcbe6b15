"""dyn: mark_dynamic on dim 0 and then the frame branches on x.shape[0] == 4 (specialization of a marked dim)."""
import torch


@torch.compile(backend="eager")
def f(x):
    if x.shape[0] == 4:
        return x + 1
    return x - 1


x = torch.ones(4, 3)
torch._dynamo.mark_dynamic(x, 0)
try:
    print(f(x))
except Exception as e:
    print("error", type(e).__name__)
print(f(torch.ones(5, 3)))
