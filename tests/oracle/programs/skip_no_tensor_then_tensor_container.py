"""skip: a compiled function first called with only Python ints (no graph), then with a tensor inside a list and a dict -- test_skip_non_tensor.py test_add_skip / test_add_tensor_list / test_add_tensor_dict."""
import torch


@torch.compile
def add_pair(p):
    return p[0] + p[1]


print(add_pair([4, 5]))
print(add_pair([4, 6]))
print(add_pair([torch.ones(4), 5]))
print(add_pair({0: torch.ones(4), 1: 5}))
print(add_pair((1.5, 2.5)))
