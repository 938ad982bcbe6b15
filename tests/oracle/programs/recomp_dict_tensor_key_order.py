"""recomp: a dict argument keyed by a tensor and an int, looked up by the tensor; the same items in another insertion order recompile -- test_dicts.py test_dict_order_keys_tensors."""
import torch


@torch.compile(fullgraph=True)
def fn(d, x):
    return d[x] + 3


torch.manual_seed(0)
x = torch.randn(4)
y = torch.randn(4)
z = torch.randn(4)
args1 = {x: y, 3: z}
print(round(fn(args1, x).sum().item(), 4))
print(round(fn(args1, x).sum().item(), 4))
args2 = {3: z, x: y}
print(round(fn(args2, x).sum().item(), 4))
args1[x] = z
print(round(fn(args1, x).sum().item(), 4))
