"""recomp: the wrap higher-order op body adds a module-global Python float; the float changes between calls -- test_higher_order_ops.py test_capture_global_num_adds_guard."""
import torch
from torch._higher_order_ops.wrap import wrap

scale = 3.0

@torch.compile(fullgraph=True)
def f(x):
    return wrap(lambda x: x + scale, x)

x = torch.zeros(2)
print(f(x))
print(f(x))
scale = 0.5
print(f(x))
scale = 3.0
print(f(x))
