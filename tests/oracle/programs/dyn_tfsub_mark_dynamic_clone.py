"""dyn: a subclass whose __torch_function__ runs the op under DisableTorchFunctionSubclass and doubles clone(); the input is mark_dynamic on dim 0 and later calls change that dim -- test_subclasses.py test_no_torch_function_on_size_bytecode."""
import torch


class Doubler(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        with torch._C.DisableTorchFunctionSubclass():
            out = func(*args, **kwargs)
            if func == torch.clone:
                return out * 2
            return out


def fn(x):
    return torch.clone(x)


c = torch.compile(fn, fullgraph=True)
x = torch.ones(4, 4).as_subclass(Doubler)
torch._dynamo.mark_dynamic(x, 0)
print(c(x).sum().item())
print(c(torch.ones(6, 4).as_subclass(Doubler)).sum().item())
print(c(torch.ones(6, 5).as_subclass(Doubler)).sum().item())
