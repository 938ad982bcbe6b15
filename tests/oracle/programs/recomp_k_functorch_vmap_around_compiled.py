"""recomp: a compiled function is called directly, then inside an eager torch.vmap (functorch stack not empty), then directly again -- test_guard_serialization.py test_functorch_stack_match (case 1)."""
import torch

torch._dynamo.config.automatic_dynamic_shapes = False


@torch.compile
def fn(x):
    return (x * 2).sum()


torch.manual_seed(0)
x = torch.randn(3, 4)
print(round(fn(x).item(), 4))
print([round(v, 4) for v in torch.vmap(fn)(x).tolist()])
print([round(v, 4) for v in torch.vmap(fn)(x + 1).tolist()])
print(round(fn(x).item(), 4))
