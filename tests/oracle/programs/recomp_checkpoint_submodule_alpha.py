"""recomp: torch.utils.checkpoint.checkpoint(block, x) inside the compiled forward; the block reads a float attribute of a submodule two levels down (self.blocks[0].gate.alpha), changed between calls -- test_activation_checkpointing.py test_checkpoint_module_attr."""
import torch
from torch.utils.checkpoint import checkpoint


class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.alpha = 0.5

    def forward(self, x):
        return x * self.alpha


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.gate = Gate()

    def forward(self, x):
        return self.gate(torch.tanh(self.lin(x)))


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block()])

    def forward(self, x):
        return checkpoint(self.blocks[0], x, use_reentrant=False).sum()


torch.manual_seed(0)
m = M()
cm = torch.compile(m, backend="eager")
x = torch.randn(2, 4, requires_grad=True)
out = cm(x)
out.backward()
print(round(out.item(), 4), round(x.grad.sum().item(), 4))
m.blocks[0].gate.alpha = 2.0
x.grad = None
out = cm(x)
out.backward()
print(round(out.item(), 4), round(x.grad.sum().item(), 4))
