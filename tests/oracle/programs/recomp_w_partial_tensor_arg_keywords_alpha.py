"""recomp: a global functools.partial(torch.add, other=T, alpha=1.0) is called in the frame; T is edited in place, the partial's keywords dict is edited (alpha), then its other is rebound through keywords -- test_functools.py partial keywords."""
import functools
import torch

T = torch.tensor([1.0, 2.0])
ADD = functools.partial(torch.add, other=T, alpha=1.0)


@torch.compile
def f(x):
    return ADD(x) * 2


x = torch.ones(2)
print(f(x).tolist())
T.mul_(3)
print(f(x).tolist())
ADD.keywords["alpha"] = -1.0
print(f(x).tolist())
ADD.keywords["other"] = torch.tensor([10.0, 20.0])
print(f(x).tolist())
