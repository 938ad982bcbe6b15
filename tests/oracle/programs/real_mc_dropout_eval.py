"""real: Monte Carlo dropout inference: model.eval() then only the Dropout submodules switched back to train(), several stochastic passes under no_grad averaged -- uncertainty-estimation pattern (MC dropout)."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 16), nn.BatchNorm1d(16),
                      nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 3))
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for _ in range(2):
    loss = nn.functional.cross_entropy(cmodel(torch.randn(4, 6)), torch.randint(0, 3, (4,)))
    opt.zero_grad()
    loss.backward()
    opt.step()

def enable_dropout(m):
    for mod in m.modules():
        if isinstance(mod, nn.Dropout):
            mod.train()

model.eval()
enable_dropout(model)
x = torch.randn(4, 6)
with torch.no_grad():
    probs = torch.stack([cmodel(x).softmax(-1) for _ in range(3)])
mean, var = probs.mean(0), probs.var(0)
