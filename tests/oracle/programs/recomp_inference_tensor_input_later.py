"""recomp: a compiled scorer is first fed ordinary tensors, then a tensor created under torch.inference_mode and used outside it -- inference_mode between calls."""
import torch

torch.manual_seed(0)
w = torch.randn(4)


@torch.compile
def score(x):
    return (x * w).sum(-1).sigmoid()


a = torch.randn(2, 4)
score(a)
with torch.inference_mode():
    b = torch.randn(2, 4) + 1
score(b)
score(b)
score(a)
