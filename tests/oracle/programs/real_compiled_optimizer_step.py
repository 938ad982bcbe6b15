"""real: compiled optimizer step (torch.compile on a fn calling opt.step()) with a tensor lr driven by an LR scheduler -- PyTorch tutorial "Compiling the optimizer" / compiled_optimizer_lr_scheduler."""
import torch
torch.manual_seed(0)

model = torch.nn.Sequential(*[torch.nn.Linear(8, 8) for _ in range(3)])
opt = torch.optim.Adam(model.parameters(), lr=torch.tensor(0.01))
sched = torch.optim.lr_scheduler.LinearLR(opt, total_iters=4)

@torch.compile(fullgraph=False)
def fn():
    opt.step()
    sched.step()

for _ in range(3):
    model(torch.randn(4, 8)).sum().backward()
    fn()
    opt.zero_grad()
