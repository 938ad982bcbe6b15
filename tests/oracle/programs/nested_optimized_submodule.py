"""nested: a compiled outer module whose submodule is itself an OptimizedModule (torch.compile(inner)) -- test_modules.py test_composition_with_opt_mod."""
import torch

class Inner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = torch.nn.ReLU()

    def forward(self, x):
        return self.act(torch.sin(x))

class Outer(torch.nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x):
        return self.inner(torch.cos(x)) * 2

outer = torch.compile(Outer(torch.compile(Inner())))
outer(torch.ones(4))
outer(torch.ones(4))
