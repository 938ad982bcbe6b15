"""scalar: torch.set_grad_enabled(False) called as a function, a .tolist() break, then grad mode restored; repeated calls do not recompile -- test_ctx_manager.py test_grad_mode_guard."""
import torch

@torch.compile
def f(a, b):
    prev = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    a = a + 1
    a.tolist()
    ret = a + b
    torch.set_grad_enabled(prev)
    return ret

torch.manual_seed(0)
a, b = torch.randn(3, 4), torch.randn(3, 4)
for _ in range(3):
    f(a, b)
