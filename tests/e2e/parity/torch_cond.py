"""torch.cond and its backward, eagerly and inside a compiled function: the same output as python."""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))  # eager: torch compiles the call itself
y.sum().backward()
print("eager", type(y).__name__, [round(v, 4) for v in x.grad.tolist()])

lin = torch.nn.Linear(4, 4)


@torch.compile
def step(v):
    h = lin(v)
    return torch.cond(h.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (h,)).pow(2).mean()


for i in range(3):
    loss = step(torch.randn(2, 4))
    loss.backward()
    print("step", i, round(loss.item(), 4), round(lin.weight.grad.abs().sum().item(), 4))
