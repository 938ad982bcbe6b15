"""nested: nn.Linear subclass forward calls super().forward(); a forward pre-hook on it prints (graph break inside hook)."""
import torch

torch.manual_seed(0)


class ScaledLinear(torch.nn.Linear):
    def __init__(self, i, o, scale):
        super().__init__(i, o)
        self.scale = scale

    def forward(self, x):
        return super().forward(x) * self.scale


def announce(mod, args):
    print("pre-hook", args[0].shape)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = ScaledLinear(3, 3, 0.5)
        self.inner.register_forward_pre_hook(announce)

    def forward(self, x):
        return self.inner(x + 1).relu()


m = Model()
c = torch.compile(m, backend="eager")
print(c(torch.ones(2, 3)).shape)
print(c(torch.ones(2, 3)).shape)
