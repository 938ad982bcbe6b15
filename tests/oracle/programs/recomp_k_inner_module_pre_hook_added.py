"""recomp: a compiled function calls a global submodule; a forward pre-hook that doubles the input is registered on the submodule between calls, then removed -- test_guard_serialization.py test_empty_nn_module_hooks_dict (default skip_nnmodule_hook_guards)."""
import torch


class Module(torch.nn.Module):
    def forward(self, x):
        return x + 1


m = Module()


@torch.compile
def fn(x):
    return m(x) * 2


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
h = m.register_forward_pre_hook(lambda mod, args: (args[0] * 2,))
print(round(fn(x).sum().item(), 4))
h.remove()
print(round(fn(x).sum().item(), 4))
