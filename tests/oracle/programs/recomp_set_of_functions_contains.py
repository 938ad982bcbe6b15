"""recomp: a set of torch functions passed in; `torch.tanh in ops` picks the branch, then the user removes members -- test_sets.py TestSetGuards test_set_with_function / test_set_recompile_on_key_pop."""
import torch


@torch.compile
def apply(x, ops):
    if torch.tanh in ops:
        x = torch.tanh(x)
    if torch.relu in ops:
        x = torch.relu(x)
    return x * 2


x = torch.linspace(-2.0, 2.0, 5)
ops = {torch.tanh, torch.relu, torch.sigmoid}
print(apply(x, ops))
print(apply(x, ops))
ops.discard(torch.tanh)
print(apply(x, ops))
ops.discard(torch.relu)
print(apply(x, ops))
