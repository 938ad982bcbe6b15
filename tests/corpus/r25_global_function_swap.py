# A global activation function is swapped for another: guarded by identity.
# (PyTorch prints ___check_obj_id(G['ACT'], <address>); dynx names the object.)
# expect-entries: 2
# expect-reason: 0/0: ___check_obj_id(G['ACT'], <id>), type=<class 'builtin_function_or_method'>  # expected torch.relu, found torch.tanh
import torch

ACT = torch.relu

@torch.compile
def f(x):
    return ACT(x) + 1

f(torch.randn(4))
ACT = torch.tanh
f(torch.randn(4))
