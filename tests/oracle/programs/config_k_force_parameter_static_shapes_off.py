"""config: force_parameter_static_shapes=False; the same module class is instantiated with parameters of sizes 2, 3, 4 and each instance is called through one compiled function -- test_recompiles.py test_dynamic_shape_parameter_recompile (variant)."""
import torch

torch._dynamo.config.force_parameter_static_shapes = False


class Lin(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = torch.nn.Parameter(torch.arange(float(n)))

    def forward(self, x):
        return (x * self.w).sum()


@torch.compile
def fn(m, x):
    return m(x)


for n in (2, 3, 4):
    print(n, round(fn(Lin(n), torch.ones(n)).item(), 4))
