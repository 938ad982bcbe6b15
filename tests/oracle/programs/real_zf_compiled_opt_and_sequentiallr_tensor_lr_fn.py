"""real: PyTorch "compiling the optimizer with an LR scheduler" recipe extended to warmup: Adam with lr=torch.tensor(0.01), SequentialLR(LinearLR warmup for 2 steps, CosineAnnealingLR) and a compiled fn() calling opt.step() then sched.step(); forward/backward eager in the loop; 5 iterations crossing the milestone."""
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR, SequentialLR

torch.manual_seed(0)
model = torch.nn.Sequential(*[torch.nn.Linear(16, 16) for _ in range(2)])
x = torch.randn(8, 16)
opt = torch.optim.Adam(model.parameters(), lr=torch.tensor(0.01))
warmup = LinearLR(opt, start_factor=0.1, total_iters=2)
cosine = CosineAnnealingLR(opt, T_max=4)
sched = SequentialLR(opt, schedulers=[warmup, cosine], milestones=[2])


@torch.compile(backend="eager", fullgraph=False)
def fn():
    opt.step()
    sched.step()


for i in range(5):
    output = model(x)
    output.sum().backward()
    fn()
    opt.zero_grad(set_to_none=True)
    print(i, round(float(opt.param_groups[0]["lr"]), 5))
