"""misc: a compiled gradient-clipping helper is first called before any backward (every p.grad is None), so that call traces no tensor op -- training loop with optimizer.zero_grad(set_to_none=True)."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def clip_(max_norm):
    total = 0
    for p in model.parameters():
        if p.grad is None:
            continue
        total = total + p.grad.pow(2).sum()
    if isinstance(total, int):
        return 0.0
    norm = total.sqrt()
    scale = torch.clamp(max_norm / (norm + 1e-6), max=1.0)
    for p in model.parameters():
        p.grad.mul_(scale)
    return norm


x = torch.randn(8, 4)
clip_(1.0)
for _ in range(3):
    opt.zero_grad(set_to_none=True)
    model(x).pow(2).sum().backward()
    clip_(1.0)
    opt.step()
