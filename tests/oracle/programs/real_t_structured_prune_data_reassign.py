"""real: structured channel pruning of an MLP between compiled training steps: the hidden layer's weight.data/bias.data are reassigned to the kept rows and the next layer's weight.data to the kept columns (same Parameter objects, new shapes), out_features/in_features updated -- torch-pruning / NNI dependency-graph pruning shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 2))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(12, 5), torch.randn(12, 2)


def train(n):
    for _ in range(n):
        loss = (cmodel(x) - y).pow(2).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    return round(loss.item(), 5)


print(train(2))
with torch.no_grad():
    keep = model[0].weight.norm(dim=1).argsort(descending=True)[:5].sort().values
    model[0].weight.data = model[0].weight.data[keep].clone()
    model[0].bias.data = model[0].bias.data[keep].clone()
    model[0].out_features = 5
    model[2].weight.data = model[2].weight.data[:, keep].clone()
    model[2].in_features = 5
for p in model.parameters():
    p.grad = None
print(train(2), tuple(model[0].weight.shape), tuple(model[2].weight.shape))
