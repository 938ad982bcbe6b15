"""misc: a module with a forward pre-hook whose forward raises ValueError out of the compiled frame -- test_exceptions.py test_nn_reraise."""
import torch

class M(torch.nn.Module):
    def forward(self, x):
        raise ValueError("woof")

m = M()
m.register_forward_pre_hook(lambda mod, args: None)
g = torch.compile(lambda x: m(x))
for _ in range(2):
    try:
        g(torch.ones(3))
    except ValueError:
        print("caught")
