"""recomp: a global list holds a running-state tensor; it is first updated in place with copy_, then the slot is rebound to a new tensor of another dtype, then to one of another size -- test_list.py tensors in global lists / test_repros.py state buffers."""
import torch

STATE = [torch.zeros(3)]


@torch.compile
def f(x):
    return x + STATE[0].float().sum()


x = torch.ones(3)
print(f(x).tolist())
STATE[0].copy_(torch.tensor([1.0, 2.0, 3.0]))
print(f(x).tolist())
STATE[0] = torch.tensor([1, 1, 1], dtype=torch.int64)
print(f(x).tolist())
STATE[0] = torch.ones(5)
print(f(x).tolist())
