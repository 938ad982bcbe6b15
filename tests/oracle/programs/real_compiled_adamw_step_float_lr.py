"""real: torch.compile(opt.step) for AdamW with a Python-float lr and weight decay, no scheduler -- test_optimizers.py compiled step."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(6, 3)
opt = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.1)
step = torch.compile(opt.step)

for _ in range(3):
    model(torch.randn(5, 6)).square().mean().backward()
    step()
    opt.zero_grad()
print(model.weight.sum().item() != 0)
