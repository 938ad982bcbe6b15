"""misc: namedtuple _make, _replace and _asdict used on tensors inside the frame."""
import collections
import torch

torch.manual_seed(0)

Pair = collections.namedtuple("Pair", ["lo", "hi"])


@torch.compile(backend="eager")
def f(x):
    p = Pair._make([x.min(), x.max()])
    q = p._replace(hi=p.hi * 2)
    d = q._asdict()
    return d["lo"] + d["hi"], q.hi - p.hi


print(f(torch.tensor([1.0, 4.0, 2.0])))
print(f(torch.tensor([0.0, 3.0])))
