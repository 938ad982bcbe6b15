"""recomp: an Enum member passed through an autograd.Function selects its branch; a new member recompiles -- test_autograd_function.py test_enum_arg."""
import enum
import torch

class Mode(enum.Enum):
    SIN = 0
    COS = 1

class Pick(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, mode):
        return x.sin() if mode is Mode.SIN else x.cos()

    @staticmethod
    def backward(ctx, g):
        return g, None

@torch.compile
def f(x, mode):
    return Pick.apply(x, mode)

x = torch.ones(2, 3, requires_grad=True)
f(x, Mode.SIN)
f(x, Mode.SIN)
f(x, Mode.COS)
