"""misc: an nn.Module whose __getattr__ defers to nn.Module.__getattr__ and, on AttributeError, serves "a_copy" as an alias of the parameter "a"; compiled with fullgraph=True, called, the parameter is then replaced by a new nn.Parameter of the same shape, then a batched input is used -- test_exceptions.py test_custom_getattr_on_module_exception."""
import torch
import torch.nn as nn


class Foo(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_parameter("a", nn.Parameter(torch.ones(4) * 2))

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            if name == "a_copy":
                return self.a
            raise

    def forward(self, x):
        return x * self.a * self.a_copy


mod = Foo()
opt_mod = torch.compile(mod, backend="eager", fullgraph=True)
x = torch.ones(4)
print(opt_mod(x).tolist())
print(opt_mod(x).tolist())
mod.a = nn.Parameter(torch.full((4,), 3.0))
print(opt_mod(x).tolist())
print(opt_mod(torch.ones(2, 4)).sum().item())
