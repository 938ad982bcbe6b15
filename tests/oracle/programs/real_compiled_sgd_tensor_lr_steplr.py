"""real: compiled fn stepping SGD (momentum, tensor lr) and a StepLR scheduler inside it -- compiled_optimizer_lr_scheduler with StepLR."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(4, 4)
opt = torch.optim.SGD(model.parameters(), lr=torch.tensor(0.05), momentum=0.9)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

@torch.compile
def update():
    opt.step()
    sched.step()

for _ in range(4):
    model(torch.randn(3, 4)).sum().backward()
    update()
    opt.zero_grad()
