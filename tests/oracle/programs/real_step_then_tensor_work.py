"""real: a compiled fn that steps the optimizer and then reads the weights (no tensor among its locals at the break) -- has_tensor_in_frame on a resume function."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(3, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

@torch.compile
def step_and_norm():
    opt.step()
    return model.weight.norm()

for _ in range(2):
    model(torch.randn(2, 3)).sum().backward()
    print(round(step_and_norm().item(), 4))
    opt.zero_grad()
