"""recomp: an outer torch function mode scales every torch.mul result by its attribute self.scale; the attribute changes between calls, and a second instance with another scale is used -- test_modes.py test_torch_function_mode_mutated_state (mode attribute read during tracing)."""
import torch
from torch.overrides import BaseTorchFunctionMode


class ScaleMul(BaseTorchFunctionMode):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = super().__torch_function__(func, types, args, kwargs)
        if func == torch.mul:
            return out * self.scale
        return out


@torch.compile
def f(x):
    return torch.mul(x, 2) + 1


x = torch.ones(2)
m = ScaleMul(3)
with m:
    print(f(x).tolist())
    print(f(x).tolist())
m.scale = 5
with m:
    print(f(x).tolist())
with ScaleMul(3):
    print(f(x).tolist())
