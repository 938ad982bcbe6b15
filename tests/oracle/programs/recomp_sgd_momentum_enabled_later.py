"""recomp: SGD momentum is switched on (param_groups[0]['momentum'] = 0.9) and weight_decay set after compiled steps ran without them -- test_optimizers.py compiled SGD step."""
import torch

torch.manual_seed(0)
w = torch.nn.Parameter(torch.ones(4))
opt = torch.optim.SGD([w], lr=0.1)


@torch.compile
def step(g):
    w.grad = g
    opt.step()


g = torch.tensor([1.0, -1.0, 2.0, 0.5])
step(g)
print([round(v, 4) for v in w.tolist()])
opt.param_groups[0]["momentum"] = 0.9
step(g)
step(g)
print([round(v, 4) for v in w.tolist()])
opt.param_groups[0]["weight_decay"] = 0.5
step(g)
print([round(v, 4) for v in w.tolist()])
