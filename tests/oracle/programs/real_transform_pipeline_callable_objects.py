"""real: a Compose-style pipeline of plain callable transform objects (noise std, scale) is applied in a compiled preprocessing step; a schedule changes their attributes between steps -- test_functions.py test_callable_obj_list (torchvision-style transforms)."""
import torch


class Scale:
    def __init__(self, s):
        self.s = s

    def __call__(self, x):
        return x * self.s


class AddBias:
    def __init__(self, b):
        self.b = b

    def __call__(self, x):
        return x + self.b


class Compose:
    def __init__(self, ts):
        self.ts = ts

    def __call__(self, x):
        for t in self.ts:
            x = t(x)
        return x


pipe = Compose([Scale(1.0), AddBias(0.0)])


@torch.compile(backend="eager")
def preprocess(x):
    return pipe(x).mean(dim=0)


torch.manual_seed(0)
x = torch.randn(4, 3)
for step in range(4):
    pipe.ts[0].s = 1.0 + 0.5 * step
    pipe.ts[1].b = -0.25 * step
    print([round(v, 4) for v in preprocess(x).tolist()])
