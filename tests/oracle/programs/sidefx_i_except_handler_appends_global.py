"""sidefx: a helper raises for some list contents; the frame's handler appends the message to a global list and the result depends on the list's length -- test_exceptions.py test_exception_side_effect (mutations inside except blocks)."""
import torch

ERRORS = []


def parse(vals):
    out = []
    for v in vals:
        if v < 0:
            raise ValueError(f"neg {v}")
        out.append(v)
    return sum(out)


@torch.compile
def f(x, vals):
    try:
        s = parse(vals)
    except ValueError as e:
        ERRORS.append(str(e))
        s = -len(ERRORS)
    return x * s


x = torch.ones(2)
for vals in ([1, 2], [1, -2], [1, -2], [3, 4]):
    print(round(f(x, vals).sum().item(), 4), len(ERRORS))
