"""cfunc: the compiled function calls optimizer.step(closure) where the closure recomputes the loss and calls backward -- test_optimizers.py step with closure."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
x = torch.randn(8, 3)
y = torch.randn(8, 1)


def closure():
    opt.zero_grad()
    loss = (model(x) - y).pow(2).mean()
    loss.backward()
    return loss


@torch.compile
def step():
    return opt.step(closure)


first = step().item()
for _ in range(3):
    last = step().item()
assert last < first
