"""recomp: the compiled function branches on torch.backends.cudnn.enabled (a backend flag, toggled with torch.backends.cudnn.flags between calls) -- test_misc.py backend flags / test_config.py."""
import torch


@torch.compile(backend="eager")
def f(x):
    if torch.backends.cudnn.enabled:
        return x.sin()
    return x.cos()


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
with torch.backends.cudnn.flags(enabled=False):
    print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
