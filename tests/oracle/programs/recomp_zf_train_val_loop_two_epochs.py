"""recomp: a two-epoch train/validate loop -- model.train() with grad, then model.eval() under no_grad; second epoch hits the cache."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(0.2), torch.nn.Linear(4, 1))
cmodel = torch.compile(model, backend="eager")
x = torch.ones(2, 4)
for epoch in range(2):
    model.train()
    out = cmodel(x)
    out.sum().backward()
    model.eval()
    with torch.no_grad():
        print(epoch, cmodel(x).shape)
