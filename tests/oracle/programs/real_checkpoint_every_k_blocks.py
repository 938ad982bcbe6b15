"""real: stack of transformer-ish blocks where every self.ckpt_every-th block runs under torch.utils.checkpoint.checkpoint(use_reentrant=False); ckpt_every (int attribute) and the gradient_checkpointing flag change between steps; compiled model -- timm checkpoint_seq / HF gradient_checkpointing shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 2 * d)
        self.fc2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.ln(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(4)])
        self.gradient_checkpointing = False
        self.ckpt_every = 1

    def forward(self, x):
        for i, blk in enumerate(self.blocks):
            if self.gradient_checkpointing and i % self.ckpt_every == 0:
                x = checkpoint(blk, x, use_reentrant=False)
            else:
                x = blk(x)
        return x.pow(2).mean()


net = Net()
cnet = torch.compile(net)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
for step, (gc, every) in enumerate([(False, 1), (True, 1), (True, 2), (True, 2), (False, 2)]):
    net.gradient_checkpointing, net.ckpt_every = gc, every
    loss = cnet(torch.randn(2, 3, 8))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, gc, every, round(loss.item(), 4))
