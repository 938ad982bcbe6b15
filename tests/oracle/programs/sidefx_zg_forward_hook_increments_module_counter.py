"""sidefx: a forward hook increments an int counter attribute on the hooked submodule on each call."""
import torch

torch.manual_seed(0)


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)
        self.lin.calls = 0
        self.lin.register_forward_hook(self.count)

    @staticmethod
    def count(mod, args, out):
        mod.calls += 1

    def forward(self, x):
        return self.lin(self.lin(x))


b = Block()
c = torch.compile(b, backend="eager")
for _ in range(3):
    c(torch.ones(1, 2))
print(b.lin.calls)
