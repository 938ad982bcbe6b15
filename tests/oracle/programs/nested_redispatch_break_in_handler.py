"""nested: a user function with has_torch_function/handle_torch_function is called on __torch_function__ subclasses that redispatch; the plain path of that function contains a graph break -- test_subclasses.py test_redispatch_function_graph_break."""
import torch
from torch.overrides import handle_torch_function, has_torch_function


class TF(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        with torch._C.DisableTorchFunctionSubclass():
            return func(*args, **(kwargs or {}))


def my_add(a, b):
    if has_torch_function((a, b)):
        return handle_torch_function(my_add, (a, b), a, b)
    torch._dynamo.graph_break()
    return a + b


@torch.compile
def fn(x, y):
    return my_add(x, y) * 2


x = torch.tensor([1.0]).as_subclass(TF)
y = torch.tensor([2.0]).as_subclass(TF)
print(fn(x, y).tolist())
print(fn(x, y).tolist())
print(fn(torch.tensor([1.0]), torch.tensor([5.0])).tolist())
