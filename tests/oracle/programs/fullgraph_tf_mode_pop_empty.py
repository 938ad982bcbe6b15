"""fullgraph: _pop_torch_function_stack() with an empty mode stack under fullgraph=True is an error at trace time; caught and printed, then the function is called with a mode active, where the pop works -- test_modes.py test_error_empty_stack_pop_torch_function_mode / test_pop_torch_function_mode."""
import torch
from torch._C import _len_torch_function_stack, _pop_torch_function_stack, _push_on_torch_function_stack
from torch.overrides import BaseTorchFunctionMode


@torch.compile(fullgraph=True)
def f(x):
    _pop_torch_function_stack()
    return x + 1


try:
    f(torch.ones(2))
except Exception as e:
    print("error:", type(e).__name__)

m = BaseTorchFunctionMode()
with m:
    print(f(torch.ones(2)).tolist(), _len_torch_function_stack())
    _push_on_torch_function_stack(m)
print(_len_torch_function_stack())
