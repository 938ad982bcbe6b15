"""real: train then evaluate under no_grad with eval() -- typical training script epoch end."""
import torch
torch.manual_seed(0)

model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.1), torch.nn.Linear(8, 2))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(2):
    loss = cmodel(torch.randn(4, 4)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
model.eval()
with torch.no_grad():
    cmodel(torch.randn(4, 4))
    cmodel(torch.randn(3, 4))
