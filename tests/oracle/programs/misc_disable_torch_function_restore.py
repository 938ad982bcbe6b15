"""misc: DisableTorchFunction / nested DisableTorchFunctionSubclass entered and exited inside the compiled function with no break; the queried flags are constants of the trace -- test_subclasses.py test_disable_all_torch_function_restore_values / test_torch_function_state_nested."""
import torch


@torch.compile
def f(x):
    with torch._C.DisableTorchFunction():
        inside = torch._C._is_torch_function_all_disabled()
    outside = torch._C._is_torch_function_all_disabled()
    with torch._C.DisableTorchFunctionSubclass():
        with torch._C.DisableTorchFunctionSubclass():
            x = x + 1
        en = torch._C._is_torch_function_enabled()
    return inside, outside, en, torch.add(x, 1.0)


for _ in range(2):
    a, b, c, t = f(torch.ones(2))
    print(a, b, c, t.tolist())
