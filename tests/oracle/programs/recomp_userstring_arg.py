"""recomp: a collections.UserString mode passed in; the frame calls .upper()/.startswith() on it and picks the op; another string recompiles -- test_userstring.py UserStringTest (string_tests methods)."""
import collections
import torch


@torch.compile
def act(x, mode):
    m = mode.upper()
    if m.startswith("RE"):
        return torch.relu(x) * len(mode)
    return torch.tanh(x)


x = torch.tensor([-1.0, 0.5, 2.0])
print(act(x, collections.UserString("relu")))
print(act(x, collections.UserString("relu")))
print(act(x, collections.UserString("tanh")))
