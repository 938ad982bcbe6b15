"""config: capture_scalar_outputs=True; .item() feeds Python arithmetic then a tensor op (no break)."""
import torch

torch._dynamo.config.capture_scalar_outputs = True


@torch.compile(backend="eager")
def f(x):
    s = x.sum().item()
    k = s * 2 + 1
    return x * k


print(f(torch.ones(3)))
print(f(torch.ones(3) * 2))
print(f(torch.ones(4)))
