"""misc: compiled fn whose only operation is torch._C._set_grad_enabled(False); grad mode restored outside between calls."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def g():
    torch._C._set_grad_enabled(False)


g()
print(torch.is_grad_enabled())
torch._C._set_grad_enabled(True)
g()
torch._C._set_grad_enabled(True)
print(torch.is_grad_enabled())
