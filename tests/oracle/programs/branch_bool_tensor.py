"""branch: `if tensor:` on a one-element tensor -- test_misc.py test_tensor_bool_branch."""
import torch

@torch.compile
def f(x, flag):
    x = x + 1
    if flag:
        x = x * 3
    return x - 1

f(torch.ones(3), torch.tensor(True))
f(torch.ones(3), torch.tensor(False))
