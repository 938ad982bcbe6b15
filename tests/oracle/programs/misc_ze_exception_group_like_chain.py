"""misc: raise ... from ... inside a helper, caught in the frame, where the handler reads __cause__."""
import torch


def parse(x, bad):
    try:
        if bad:
            raise KeyError("k")
        return x + 1
    except KeyError as e:
        raise ValueError("wrapped") from e


@torch.compile(backend="eager")
def f(x, bad):
    try:
        return parse(x, bad)
    except ValueError as e:
        return x * 0 + (2 if isinstance(e.__cause__, KeyError) else 3)


x = torch.ones(2)
print(f(x, False))
print(f(x, True))
print(f(x, True))
