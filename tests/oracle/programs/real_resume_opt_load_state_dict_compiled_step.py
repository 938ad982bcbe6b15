"""real: resume from an in-memory checkpoint: compiled Adam step, train, snapshot model+optimizer state_dicts (deepcopy), train on, then model.load_state_dict + opt.load_state_dict (new state tensor objects) and replay the same batches, checking the losses repeat -- checkpoint/resume loop with a compiled optimizer step."""
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.Adam(model.parameters(), lr=0.05)


@torch.compile
def opt_step():
    opt.step()


batches = [(torch.randn(5, 4), torch.randn(5, 2)) for _ in range(4)]


def train(bs, tag):
    for x, y in bs:
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt_step()
        print(tag, round(loss.item(), 5))


train(batches[:2], "a")
ckpt = copy.deepcopy({"model": model.state_dict(), "opt": opt.state_dict()})
train(batches[2:], "b")
model.load_state_dict(ckpt["model"])
opt.load_state_dict(ckpt["opt"])
train(batches[2:], "resumed")
