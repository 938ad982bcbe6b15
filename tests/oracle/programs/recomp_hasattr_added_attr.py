"""recomp: hasattr on a plain user object argument picks the path; the user then sets the missing attribute, and later deletes it again -- test_misc.py hasattr guards on user objects."""
import torch


class Opts:
    pass


@torch.compile
def f(x, o):
    if hasattr(o, "clip"):
        return torch.clamp(x, -o.clip, o.clip)
    return x * 2


o = Opts()
x = torch.tensor([-3.0, 0.5, 3.0])
print(f(x, o))
print(f(x, o))
o.clip = 1.0
print(f(x, o))
del o.clip
print(f(x, o))
