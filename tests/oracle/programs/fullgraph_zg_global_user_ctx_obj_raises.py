"""fullgraph: a module-level user ctx object (counts depth, __enter__ returns a scale) entered under fullgraph=True; error caught."""
import torch

torch.manual_seed(0)


class Scope:
    def __init__(self, scale):
        self.scale = scale
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self.scale

    def __exit__(self, et, ev, tb):
        self.depth -= 1
        return False


SC = Scope(3.0)


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    with SC as s:
        y = x * s
        with SC as s2:
            y = y + s2
    return y


for _ in range(2):
    try:
        print(f(torch.ones(2)))
    except Exception as e:
        print(type(e).__name__, SC.depth)
