"""recomp: torch.compile applied to a function already decorated with @torch.no_grad(), called on a requires_grad input, then from inside torch.enable_grad() and torch.no_grad() -- test_ctx_manager.py no_grad decorator under compile (test_no_grad_decorator)."""
import torch

@torch.no_grad()
def raw(x):
    return x.sin() * 2, torch.is_grad_enabled()

f = torch.compile(raw)
x = torch.ones(3, requires_grad=True)
print(f(x)[0].requires_grad, f(x)[1])
with torch.no_grad():
    print(f(x)[0].requires_grad)
with torch.enable_grad():
    print(f(x)[0].requires_grad)
