"""recomp: a nonlocal the frame assigns only on one branch: its value is still guarded -- test_higher_order_ops.py side effects (soundness)."""
import torch
def make():
    c = 0
    @torch.compile
    def f(x, flag):
        nonlocal c
        if flag:
            c = 5
        return x + c
    return f
f = make()
f(torch.ones(2), False); f(torch.ones(2), True); f(torch.ones(2), False)
