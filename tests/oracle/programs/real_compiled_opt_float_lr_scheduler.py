"""real: compiled optimizer step (SGD momentum, Python-float lr) with a LambdaLR warmup scheduler stepped outside the compiled fn -- PyTorch compiled optimizer + LR scheduler."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(6, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda step: min(1.0, (step + 1) / 3))

@torch.compile
def opt_step():
    opt.step()

for _ in range(4):
    model(torch.randn(2, 6)).pow(2).mean().backward()
    opt_step()
    opt.zero_grad()
    sched.step()
