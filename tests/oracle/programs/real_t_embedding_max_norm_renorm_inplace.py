"""real: item-embedding model with nn.Embedding(max_norm=1.0) (rows renormalised in place by the lookup itself), compiled and trained with large-lr SGD; the max_norm is then tightened to 0.5 by attribute for the next stage -- recommender / word2vec with max_norm."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class MF(nn.Module):
    def __init__(self):
        super().__init__()
        self.users = nn.Embedding(6, 4, max_norm=1.0)
        self.items = nn.Embedding(8, 4, max_norm=1.0)

    def forward(self, u, i):
        return (self.users(u) * self.items(i)).sum(-1)


model = MF()
with torch.no_grad():
    model.users.weight.mul_(3)
    model.items.weight.mul_(3)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=1.0)
u = torch.tensor([0, 1, 2, 3])
i = torch.tensor([1, 2, 3, 4])
r = torch.tensor([1.0, -1.0, 0.5, 0.0])
for step in range(5):
    if step == 3:
        model.users.max_norm = 0.5
        model.items.max_norm = 0.5
    loss = (cmodel(u, i) - r).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(model.users.weight[u].norm(dim=-1).max().item(), 4))
