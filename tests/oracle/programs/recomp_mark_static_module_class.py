"""recomp: a Module class decorated with torch._dynamo.mark_static keeps its int attribute static, so each instance recompiles -- test_decorators.py test_mark_static_nn_module."""
import torch
import torch._dynamo

@torch._dynamo.mark_static
class Scale(torch.nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c

    def forward(self, x):
        return x * self.c

x = torch.ones(4, 4)
for c in (10, 20, 30):
    torch.compile(Scale(c))(x)
