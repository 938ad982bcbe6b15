"""recomp: the compiled frame grows a global list with += and the next call sees the longer list -- test_list.py test_binop_iadd_global_list."""
import torch

log = []

@torch.compile
def f(x):
    global log
    log += ["step"]
    return x.sin() * len(log)

for _ in range(3):
    f(torch.ones(2))
print(log)
