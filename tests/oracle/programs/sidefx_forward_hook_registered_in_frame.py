"""sidefx: the compiled function registers a forward hook on a module (a RemovableHandle: its class counter next_id is bumped), calls the module, removes the hook -- test_hooks.py hooks registered inside the compiled region."""
import torch

seen = []


def record(mod, inp, out):
    seen.append(out.shape[0])


lin = torch.nn.Linear(3, 3)


@torch.compile
def f(x):
    y = x.sin()
    h = lin.register_forward_hook(record)
    z = lin(y)
    h.remove()
    return z.cos()


torch.manual_seed(0)
for n in (2, 2, 4):
    print(round(f(torch.randn(n, 3)).sum().item(), 4))
print(seen)
