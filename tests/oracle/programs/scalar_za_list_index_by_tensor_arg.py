"""scalar: a Python list built in the frame is indexed by a 0-dim integer tensor argument (its __index__ reads the value); called with index 2, then 1 -- test_functions.py test_list_index_with_constant_tensor (the index an input)."""
import torch


@torch.compile(backend="eager")
def fn(a, b, idx):
    l1 = [a, b, a + 1, b + 1]
    return l1[idx] * 2


a, b = torch.ones(2), torch.zeros(2)
print(fn(a, b, torch.tensor(2)).tolist())
print(fn(a, b, torch.tensor(1)).tolist())
print(fn(a, b, torch.tensor(3)).tolist())
