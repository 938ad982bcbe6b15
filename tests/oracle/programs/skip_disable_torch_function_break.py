"""skip: graph break inside `with torch._C.DisableTorchFunctionSubclass()` / DisableTorchFunction() in the compiled function; the state must be restored around the resume -- test_subclasses.py test_torch_function_state_graph_break / test_disable_all_torch_function."""
import torch


@torch.compile
def f(x):
    with torch._C.DisableTorchFunctionSubclass():
        torch._dynamo.graph_break()
        return torch._C._is_torch_function_enabled(), torch.add(x, 1.0)


@torch.compile
def g(x):
    with torch._C.DisableTorchFunction():
        torch._dynamo.graph_break()
        return (torch._C._is_torch_function_enabled(),
                torch._C._is_torch_function_all_disabled(),
                torch.add(x, 1.0))


x = torch.ones(2)
print(f(x)[0], f(x)[1].tolist())
print(g(x)[:2], g(x)[2].tolist())
print(torch._C._is_torch_function_enabled())
