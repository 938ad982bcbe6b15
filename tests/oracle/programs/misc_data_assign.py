"""misc: parameter.data read and .data in-place update inside the compiled step -- test_repros.py p.data mutation / word_language_model SGD."""
import torch
torch.manual_seed(0)
w = torch.nn.Parameter(torch.randn(3))

@torch.compile
def step(x, lr):
    loss = (w * x).sum()
    w.data.mul_(1 - lr)
    return loss * 2

for _ in range(3):
    step(torch.ones(3), 0.1)
