"""real: SimCLR training step: shared encoder + projection head on two noisy views, compiled NT-Xent loss (normalize, cat, similarity matrix, eye mask via masked_fill, positive-pair labels from cat of aranges, cross_entropy) -- SimCLR info_nce_loss shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

encoder = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
projector = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 4))
model = torch.compile(nn.Sequential(encoder, projector))
opt = torch.optim.Adam(model.parameters(), lr=3e-4)

@torch.compile
def info_nce_loss(z1, z2, temperature=0.5):
    z = F.normalize(torch.cat([z1, z2], dim=0), dim=1)
    n = z1.shape[0]
    sim = (z @ z.T) / temperature
    sim = sim.masked_fill(torch.eye(2 * n, dtype=torch.bool), float("-inf"))
    labels = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)])
    return F.cross_entropy(sim, labels)

def augment(x):
    return (x + 0.1 * torch.randn_like(x)).flip(-1)

for _ in range(3):
    x = torch.rand(4, 3, 6, 6)
    loss = info_nce_loss(model(augment(x)), model(augment(x)))
    opt.zero_grad()
    loss.backward()
    opt.step()
