"""recomp: the compiled function adds _len_torch_function_stack() to a tensor; called with zero, one and two modes active -- test_modes.py test_len_torch_function_mode."""
import torch
from torch._C import _len_torch_function_stack
from torch.overrides import BaseTorchFunctionMode


@torch.compile(fullgraph=True)
def f(x):
    return x + _len_torch_function_stack()


x = torch.zeros(2)
print(f(x).tolist())
with BaseTorchFunctionMode():
    print(f(x).tolist())
    with BaseTorchFunctionMode():
        print(f(x).tolist())
print(f(x).tolist())
