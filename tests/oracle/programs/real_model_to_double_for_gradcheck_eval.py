"""real: a compiled regression model trained in float32, then converted in place with model.double() to evaluate a float64 validation set (parameters' data swapped, same Parameter objects), then back to float() for more training -- mixed-precision evaluation / gradcheck-style float64 validation."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
cmodel = torch.compile(model)
x = torch.randn(6, 3)
y = x.pow(2).sum(1, keepdim=True)


def train(steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for _ in range(steps):
        loss = F.mse_loss(cmodel(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


print("train", round(train(2), 4))
model.double()
with torch.no_grad():
    print("val64", round(F.mse_loss(cmodel(x.double()), y.double()).item(), 6))
model.float()
print("train", round(train(2), 4))
with torch.no_grad():
    print("val32", round(F.mse_loss(cmodel(x), y).item(), 4))
