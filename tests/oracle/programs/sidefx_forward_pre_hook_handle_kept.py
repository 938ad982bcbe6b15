"""sidefx: the compiled step registers a forward pre-hook that scales the input and keeps the handle in a global list (never calling a method on it inside the frame); the handles are removed outside between calls -- test_hooks.py hooks registered inside the compiled region."""
import torch

HANDLES = []


def scale_input(module, args):
    return (args[0] * 0.5,)


lin = torch.nn.Linear(3, 2)


@torch.compile
def step(x):
    y = x.relu()
    HANDLES.append(lin.register_forward_pre_hook(scale_input))
    return lin(y).sum(dim=1)


torch.manual_seed(0)
for _ in range(3):
    out = step(torch.randn(4, 3))
    print([round(v, 4) for v in out.tolist()], len(HANDLES))
    for h in HANDLES:
        h.remove()
    HANDLES.clear()
