"""recomp: a compiled manual weight-decay helper reads the optimizer's param_groups[0]['lr'], which a hand-written schedule changes every other step -- test_optimizers.py lr as python float."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def decay_(wd):
    lr = opt.param_groups[0]["lr"]
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(1 - lr * wd)


x = torch.randn(5, 3)
for step in range(4):
    opt.zero_grad()
    model(x).sum().backward()
    opt.step()
    decay_(0.01)
    if step % 2 == 1:
        opt.param_groups[0]["lr"] *= 0.5
