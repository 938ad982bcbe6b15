"""recomp: dynamic=False with an int argument that takes four values, then repeats an old one."""
import torch

torch.manual_seed(0)


def offset(x, k):
    return x + k * 2


opt = torch.compile(offset, backend="eager", dynamic=False)
x = torch.zeros(2)
for k in [1, 2, 3, 4, 2]:
    print(opt(x, k).tolist())
