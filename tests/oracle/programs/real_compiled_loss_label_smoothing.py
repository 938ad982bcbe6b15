"""real: a compiled loss function (label-smoothed cross entropy + L2 penalty summed over model.parameters()) in an eager training loop whose last batch is smaller -- common user pattern torch.compile(loss_fn)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

@torch.compile
def compute_loss(logits, targets, model, weight_decay=1e-4):
    ce = F.cross_entropy(logits, targets, label_smoothing=0.1)
    l2 = sum(p.pow(2).sum() for p in model.parameters())
    return ce + weight_decay * l2

dataset = torch.randn(10, 6), torch.randint(0, 4, (10,))
for epoch in range(2):
    for i in range(0, 10, 4):
        x, y = dataset[0][i:i + 4], dataset[1][i:i + 4]
        loss = compute_loss(model(x), y, model)
        opt.zero_grad()
        loss.backward()
        opt.step()
