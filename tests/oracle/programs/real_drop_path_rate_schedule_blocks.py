"""real: stochastic depth whose per-block drop-path rate follows a schedule: after every step the script sets blk.drop_path.drop_prob = rate * step / total * i / (depth - 1) (float attributes of timm-style DropPath submodules) and the compiled model trains on (inductor fallback_random for eager-identical random masks) -- timm DropPath + drop-path rate warmup (e.g. DeiT III / ConvNeXt drop_path schedule)."""
import torch
import torch.nn as nn
import torch._inductor.config
torch._inductor.config.fallback_random = True
torch.manual_seed(0)


def drop_path(x, drop_prob: float = 0.0, training: bool = False):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    return x * random_tensor / keep_prob


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class Block(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.drop_path = DropPath(0.0)

    def forward(self, x):
        return x + self.drop_path(torch.relu(self.fc(x)))


depth = 3
model = nn.Sequential(*[Block() for _ in range(depth)], nn.Linear(8, 2))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 8), torch.tensor([0, 1, 1, 0])
total, max_rate = 3, 0.3
for step in range(total + 1):
    for i in range(depth):
        model[i].drop_path.drop_prob = max_rate * step / total * i / (depth - 1)
    loss = nn.functional.cross_entropy(cmodel(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, [round(model[i].drop_path.drop_prob, 3) for i in range(depth)], round(loss.item(), 4))
