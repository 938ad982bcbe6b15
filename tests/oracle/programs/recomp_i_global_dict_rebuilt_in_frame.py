"""recomp: the frame rebuilds the global dict from its items plus one and reads the new value of key "b" (dict comprehension stored with STORE_GLOBAL) -- test_global.py test_store_global_dict_2."""
import torch

g_dict = {"a": 0, "b": 1}


@torch.compile
def fn(x):
    global g_dict
    g_dict = {key: value + 1 for key, value in g_dict.items()}
    return x + g_dict["b"]


x = torch.ones(3)
for _ in range(3):
    print(round(fn(x).sum().item(), 4), g_dict)
g_dict["c"] = 10
print(round(fn(x).sum().item(), 4), sorted(g_dict.items()))
