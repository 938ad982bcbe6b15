"""recomp: the frame reads an attribute of a global object and bumps it (g_object.y += 1); a later call also replaces the global object by another instance -- test_global.py test_store_global_object."""
import torch


class Pair:
    def __init__(self, x, y):
        self.x = x
        self.y = y


g_object = Pair(1, 1)


@torch.compile
def fn(x):
    val = x * g_object.x + g_object.y
    g_object.y += 1
    return val


x = torch.ones(3)
print(round(fn(x).sum().item(), 4), g_object.y)
print(round(fn(x).sum().item(), 4), g_object.y)
g_object = Pair(3, 0)
print(round(fn(x).sum().item(), 4), g_object.y)
