"""recomp: one compiled function creates a new module global (an int derived from its argument); another compiled function reads it, before and after it changes -- test_global.py test_store_global_new."""
import torch


@torch.compile
def make(x, n):
    global g_counter_new
    g_counter_new = n * 2
    return x + g_counter_new


@torch.compile
def use(x):
    return x * g_counter_new


x = torch.ones(3)
print(round(make(x, 1).sum().item(), 4), round(use(x).sum().item(), 4))
print(round(make(x, 1).sum().item(), 4), round(use(x).sum().item(), 4))
print(round(make(x, 3).sum().item(), 4), round(use(x).sum().item(), 4))
