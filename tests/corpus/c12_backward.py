# backward() inside the watched frame is an autograd call.
# expect-graphs: 2
# expect-ops: 3 1
# expect-breaks: autograd@10
import torch

@torch.compile
def f(w, x):
    loss = (w * x).sum().square()
    loss.backward()
    return w.grad * 2

f(torch.ones(3, requires_grad=True), torch.arange(3.0))
