"""recomp: a nested function defined in the frame enters torch.set_grad_enabled(TRAIN), TRAIN a global flipped between calls; the result's requires_grad is printed -- test_ctx_manager.py test_nested_grad_mode_graph_break family (nested functions entering grad-mode managers)."""
import torch

TRAIN = True
w = torch.ones(3, requires_grad=True)


@torch.compile
def f(x):
    def inner(t):
        with torch.set_grad_enabled(TRAIN):
            return t * w
    return inner(x) + 1


x = torch.ones(3)
for t in (True, False, True):
    TRAIN = t
    y = f(x)
    print(round(y.sum().item(), 4), y.requires_grad)
