"""misc: a subclass overrides .to() in Python and its __torch_function__ would break on Tensor.to; the override must be inlined instead, so no break -- test_subclasses.py test_subclass_dont_invoke_torch_function_on_overridden_method."""
import torch


class MySub(torch.Tensor):
    def to(self, device):
        return self * len(device)

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func is torch.Tensor.to:
            torch._dynamo.graph_break()
        return super().__torch_function__(func, types, args, kwargs or {})


def fn(x):
    return x.to("cpu") + 1


opt = torch.compile(fn)
x = torch.nn.Parameter(torch.ones(2, 2).as_subclass(MySub))
print(opt(x).sum().item())
print(opt(x).sum().item())
