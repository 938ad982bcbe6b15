"""recomp: the frame reads g_list[1] into the result and then bumps g_list[1] in place (STORE_SUBSCR on a global list), so every call sees a new value -- test_global.py test_store_global_list."""
import torch

g_list = [0, 1, 2]


@torch.compile
def fn(x):
    val = x + g_list[1]
    g_list[1] += 1
    return val


x = torch.ones(3)
for _ in range(3):
    print(round(fn(x).sum().item(), 4), g_list)
