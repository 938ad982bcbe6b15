"""cfunc: loss.backward() inside the frame -- test_error_messages.py test_backward."""
import torch
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)

@torch.compile
def f(x):
    loss = (x * w).sum()
    loss.backward()
    return loss.detach()

f(torch.ones(3))
