# The program's torch function modes and the torch function state are
# guarded as Dynamo guards them: the mode stack's types
# (___check_torch_function_mode_stack()), a value the mode holds that its
# code reads, and GLOBAL_STATE's torch_function inside
# DisableTorchFunctionSubclass (tests/oracle recomp_tf_mode_attr_scale,
# recomp_torch_function_disabled_state). --verify finds nothing.
# expect-entries: 4
# expect-unsound: 0
# expect-reason: 0/0: ___check_torch_function_mode_stack()
# expect-reason: 0/1: ___get_torch_function_mode_stack_at(0).scale == 3
# expect-reason: 0/2: GLOBAL_STATE changed: torch_function
import torch
from torch.overrides import BaseTorchFunctionMode


class ScaleMul(BaseTorchFunctionMode):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def __torch_function__(self, func, types, args=(), kwargs=None):
        out = super().__torch_function__(func, types, args, kwargs or {})
        return out * self.scale if func is torch.mul else out


@torch.compile
def f(x):
    return torch.mul(x, 2) + 1


x = torch.ones(2)
print(f(x).tolist())
mode = ScaleMul(3)
with mode:
    print(f(x).tolist())
mode.scale = 5
with mode:
    print(f(x).tolist())
with torch._C.DisableTorchFunctionSubclass():
    print(f(x).tolist())
