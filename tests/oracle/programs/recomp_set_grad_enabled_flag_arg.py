"""recomp: the compiled forward takes a Python bool `train` and wraps the work in torch.set_grad_enabled(train) -- training loop with a shared train/eval step."""
import torch

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))


@torch.compile
def run(x, train):
    with torch.set_grad_enabled(train):
        out = net(x)
    return out.mean()


x = torch.randn(6, 4)
for epoch in range(2):
    loss = run(x, True)
    loss.backward()
    with torch.no_grad():
        val = run(x, False)
    assert not val.requires_grad
