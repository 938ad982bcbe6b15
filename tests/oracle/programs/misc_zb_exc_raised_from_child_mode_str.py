"""misc: a helper raises NotImplementedError for one mode string and the compiled caller catches it and falls back to sigmoid; the mode alternates between "fast" and "strict" -- test_exceptions.py test_exception_raised_from_child."""
import torch


def check(mode):
    if mode == "strict":
        raise NotImplementedError("strict mode not implemented")
    return 1.5


@torch.compile(backend="eager")
def fn(x, mode):
    x = torch.cos(x)
    try:
        x = torch.sin(x) * check(mode)
        x = x + 1
    except NotImplementedError:
        x = torch.sigmoid(x)
    return x


x = torch.linspace(0, 1, 4)
for mode in ["fast", "strict", "fast", "strict"]:
    print(mode, [round(v, 4) for v in fn(x, mode).tolist()])
