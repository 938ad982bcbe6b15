"""recomp: the frame reads g_list[1] and then rebinds the global list to a comprehension of its items plus one (STORE_GLOBAL of a new list) -- test_global.py test_store_global_list_2."""
import torch

g_list = [0, 1, 2]


@torch.compile
def fn(x):
    global g_list
    val = x + g_list[1]
    g_list = [v + 1 for v in g_list]
    return val


x = torch.ones(3)
for _ in range(3):
    print(round(fn(x).sum().item(), 4), g_list)
