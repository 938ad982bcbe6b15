"""disable: a forward hook wrapped in torch._dynamo.disable records output norms on a submodule of a compiled model."""
import torch
import torch._dynamo

torch.manual_seed(0)

NORMS = []


@torch._dynamo.disable
def record(mod, args, out):
    NORMS.append(round(out.norm().item(), 3))


model = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
model[0].register_forward_hook(record)
c = torch.compile(model, backend="eager")
for _ in range(3):
    c(torch.ones(1, 2))
print(len(NORMS))
