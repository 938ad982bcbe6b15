"""recomp: a functools.singledispatch function called inside the compiled function; a new implementation registered for a type between calls changes what the same argument type dispatches to -- test_functions.py singledispatch (registry length guard)."""
import torch, functools
torch.manual_seed(0)
@functools.singledispatch
def act(cfg, x):
    return x.relu()
class A: pass
class B: pass
@act.register
def _(cfg: B, x):
    return x.sigmoid()
@torch.compile
def f(cfg, x):
    return act(cfg, x) + 1
x = torch.randn(3)
a = A()
print(round(f(a, x).sum().item(), 4))
print(round(f(B(), x).sum().item(), 4))
@act.register
def _(cfg: A, x):
    return x.tanh()
print(round(f(a, x).sum().item(), 4), round((x.tanh()+1).sum().item(), 4))
