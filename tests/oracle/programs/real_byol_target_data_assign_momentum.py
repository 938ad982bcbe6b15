"""real: BYOL/DINO teacher update written the MoCo way, pk.data = pk.data * m + pq.data * (1 - m) (rebinding each parameter's data, not in place), with a cosine momentum schedule; the compiled target network is evaluated after every update -- BYOL/MoCo momentum encoder (.data rebinding) + compiled teacher forward."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

online = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 4))
target = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 4))
target.load_state_dict(online.state_dict())
for p in target.parameters():
    p.requires_grad = False
ctarget = torch.compile(target)
opt = torch.optim.SGD(online.parameters(), lr=0.2)
total = 4
for step in range(total):
    m = 1 - (1 - 0.9) * (math.cos(math.pi * step / total) + 1) / 2
    x = torch.randn(4, 5)
    with torch.no_grad():
        t = ctarget(x)
    loss = 2 - 2 * F.cosine_similarity(online(x + 0.1), t, dim=-1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        for pq, pk in zip(online.parameters(), target.parameters()):
            pk.data = pk.data * m + pq.data * (1.0 - m)
    print(step, round(m, 4), round(loss.item(), 4), round(target[0].weight.sum().item(), 4))
