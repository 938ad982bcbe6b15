"""recomp: a compiled optimizer step; a second param group is added after two steps -- test_optimizers.py (compiled step) with param groups changed."""
import torch

torch.manual_seed(0)
w1 = torch.nn.Parameter(torch.ones(3))
w2 = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.SGD([w1], lr=0.1)


@torch.compile
def step():
    opt.step()


for i in range(2):
    w1.grad = torch.full((3,), 1.0)
    w2.grad = torch.full((2,), 1.0)
    step()
    print(round(w1.sum().item(), 4), round(w2.sum().item(), 4))
opt.add_param_group({"params": [w2], "lr": 0.5})
for i in range(2):
    w1.grad = torch.full((3,), 1.0)
    w2.grad = torch.full((2,), 1.0)
    step()
    print(round(w1.sum().item(), 4), round(w2.sum().item(), 4))
