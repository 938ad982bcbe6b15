"""misc: a module's helper generator yields the blocks whose index is in a global ACTIVE set; forward runs `for blk in self.active(): x = blk(x)`; the set is mutated between calls -- test_generator.py test_generator_in_forward / layer dropping."""
import torch

torch.manual_seed(0)
ACTIVE = {0, 1, 2}


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList(torch.nn.Linear(2, 2) for _ in range(3))

    def active(self):
        for i, b in enumerate(self.blocks):
            if i in ACTIVE:
                yield b

    def forward(self, x):
        for blk in self.active():
            x = torch.tanh(blk(x))
        return x


m = torch.compile(Stack())
x = torch.ones(1, 2)
print([round(v, 4) for v in m(x).flatten().tolist()])
ACTIVE.discard(1)
print([round(v, 4) for v in m(x).flatten().tolist()])
ACTIVE.add(1)
ACTIVE.discard(0)
print([round(v, 4) for v in m(x).flatten().tolist()])
