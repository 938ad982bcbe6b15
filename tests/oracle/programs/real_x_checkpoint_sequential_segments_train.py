"""real: deep MLP/residual trunk whose forward calls torch.utils.checkpoint.checkpoint_sequential(self.blocks, segments, x, use_reentrant=False) only while training (plain self.blocks(x) in eval), compiled with torch.compile; training steps then eval -- activation-checkpointing of a Sequential as in pytorch/examples and fairscale checkpoint_wrapper users."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint_sequential
torch.manual_seed(0)


class ResMLP(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 2 * d)
        self.fc2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))


class Net(nn.Module):
    def __init__(self, d=16, depth=4, segments=2):
        super().__init__()
        self.inp = nn.Linear(8, d)
        self.blocks = nn.Sequential(*[ResMLP(d) for _ in range(depth)])
        self.head = nn.Linear(d, 3)
        self.segments = segments

    def forward(self, x):
        x = self.inp(x)
        if self.training:
            x = checkpoint_sequential(self.blocks, self.segments, x, use_reentrant=False)
        else:
            x = self.blocks(x)
        return self.head(x)


model = Net()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(3):
    x, y = torch.randn(6, 8), torch.randint(0, 3, (6,))
    loss = F.cross_entropy(cmodel(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(model.blocks[0].fc1.weight.grad.norm().item(), 4))
model.eval()
with torch.no_grad():
    print([round(v, 4) for v in cmodel(torch.randn(2, 8)).sum(0).tolist()])
