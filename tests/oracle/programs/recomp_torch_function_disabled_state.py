"""recomp: the same compiled function is called inside torch._C.DisableTorchFunctionSubclass(), then outside it, then inside torch._C.DisableTorchFunction() -- test_subclasses.py test_torch_function_state_guards / test_modes.py test_torch_function_mode_enabled_guard."""
import torch


@torch.compile
def f(x):
    return torch.add(x, 1.0) * 3


x = torch.ones(2, 2)
with torch._C.DisableTorchFunctionSubclass():
    print(f(x).sum().item())
print(f(x).sum().item())
with torch._C.DisableTorchFunction():
    print(f(x).sum().item())
with torch._C.DisableTorchFunctionSubclass():
    print(f(x).sum().item())
