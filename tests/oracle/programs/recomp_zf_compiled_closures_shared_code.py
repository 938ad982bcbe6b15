"""recomp: compiled closures made in a loop share one code object; each new captured int is a cache miss on it."""
import torch

torch.manual_seed(0)


def make_scaler(k):
    def scaler(x):
        return x * k + 1

    return torch.compile(scaler, backend="eager")


fns = [make_scaler(k) for k in (2, 3, 4)]
x = torch.ones(3)
for fn in fns:
    print(fn(x).tolist())
print(fns[0](x).tolist())
