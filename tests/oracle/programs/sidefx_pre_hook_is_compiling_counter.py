"""sidefx: a forward pre-hook asks is_compiling() through a helper and bumps a global; the module's mode attribute changes -- test_skip_non_tensor.py test_do_not_skip_side_effects."""
import torch

hook_hits = 0
forward_hits = 0


def compiling():
    return torch.compiler.is_compiling()


class Block(torch.nn.Module):
    def __init__(self, mode):
        super().__init__()
        self.mode = mode
        self.register_forward_pre_hook(self.before, with_kwargs=True)

    def before(self, module, args, kwargs):
        global hook_hits
        if self.mode == 1 and compiling():
            hook_hits += 1
        return args, kwargs

    def forward(self, x):
        global forward_hits
        if self.mode == 2 and compiling():
            forward_hits += 1
        return x


m = Block(1)
cm = torch.compile(m)
cm(torch.tensor([1]))
cm(torch.tensor([1]))
m.mode = 2
cm(torch.tensor([1]))
cm(torch.tensor([1]))
print(hook_hits, forward_hits)
