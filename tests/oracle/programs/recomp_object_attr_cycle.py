"""recomp: two objects reference each other (a.peer = b, b.peer = a); the compiled function reads a.peer.peer.scale and b.scale, changed between calls -- test_guard_manager.py / test_misc.py attribute chains."""
import torch


class Node:
    def __init__(self, scale):
        self.scale = scale
        self.peer = None


a = Node(2.0)
b = Node(3.0)
a.peer = b
b.peer = a


@torch.compile(backend="eager")
def f(x):
    return x * a.peer.peer.scale + a.peer.scale


x = torch.arange(3.0)
print(f(x).sum().item())
print(f(x).sum().item())
a.scale = 4.0
print(f(x).sum().item())
b.scale = -1.0
print(f(x).sum().item())
