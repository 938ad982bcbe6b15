"""recomp: several Linear layers, each compiled on its own with its own pre-hook lambda, share one compiled graph (no recompile) -- test_hooks.py test_no_recompile_on_same_hook."""
import torch

def fw_hook(inp):
    return (inp[0] + 1,)

class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList()
        for _ in range(4):
            layer = torch.nn.Linear(8, 8)
            layer.register_forward_pre_hook(lambda _, inp: fw_hook(inp))
            self.layers.append(torch.compile(layer))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

torch.manual_seed(0)
mod = Mod()
mod(torch.ones(8, 8, requires_grad=True))
mod(torch.ones(8, 8, requires_grad=True))
