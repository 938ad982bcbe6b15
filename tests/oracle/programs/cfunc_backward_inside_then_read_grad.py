"""cfunc: loss.backward() inside the compiled training step, then the step reads w.grad to update w in place -- training loop with backward inside the compiled function."""
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)


@torch.compile
def train_step(x, y, lr):
    loss = ((x @ w) - y).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        w.sub_(lr * w.grad)
        w.grad.zero_()
    return loss.detach()


x = torch.randn(5, 3)
y = torch.randn(5)
losses = [train_step(x, y, 0.1).item() for _ in range(3)]
assert losses[2] < losses[0]
