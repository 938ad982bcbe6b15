"""real: activation offloading with torch.autograd.graph.save_on_cpu(pin_memory=False) (the saved_tensors_hooks subclass torch ships) around the forward of a compiled transformer-ish MLP block in the first epoch only, plain forward afterwards; losses and gradient norms printed -- torch.autograd.graph.save_on_cpu as used by FSDP/activation-offload training loops."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln(x))))


model = nn.Sequential(Block(), Block(), nn.Linear(8, 1))
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
x = torch.randn(2, 5, 8)
y = torch.randn(2, 5, 1)
for epoch in range(2):
    for step in range(2):
        if epoch == 0:
            with torch.autograd.graph.save_on_cpu(pin_memory=False):
                loss = (cmodel(x) - y).pow(2).mean()
        else:
            loss = (cmodel(x) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        opt.step()
        print(epoch, step, round(loss.item(), 4), round(gn.item(), 4))
