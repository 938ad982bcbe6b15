# Two kinds of state a graph must read as it is when called, never as it was
# when first recorded: a parameter whose .data the frame rebinds (MoCo's
# momentum update of a key encoder, `pk.data = pk.data * m + pq.data * (1 - m)`:
# the layer after it reads the new values), and a pruning mask a forward
# pre-hook multiplies the weight by, replaced in the hook's dict between
# calls (an input of the graph, not a constant). --verify finds no stale entry.
# expect-entries: 1
# expect-hits: 2
# expect-unsound: 0
import torch
import torch.nn as nn


class Momentum(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(3, 3)
        self.k = nn.Linear(3, 3)
        self.masks = {"q": torch.ones(3, 3)}
        self.q.register_forward_pre_hook(self.apply_mask)

    def apply_mask(self, module, args):
        with torch.no_grad():
            module.weight.mul_(self.masks["q"])

    def forward(self, x):
        with torch.no_grad():
            for pq, pk in zip(self.q.parameters(), self.k.parameters()):
                pk.data = pk.data * 0.9 + pq.data * 0.1
        return self.q(x).sum() + self.k(x).sum()


torch.manual_seed(0)
model = Momentum()
compiled = torch.compile(model)
x = torch.randn(2, 3)
for step in range(3):
    model.masks["q"] = (torch.rand(3, 3) > 0.3 * step).float()
    print(step, round(compiled(x).item(), 4))
