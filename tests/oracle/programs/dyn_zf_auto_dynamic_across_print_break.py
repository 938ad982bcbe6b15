"""dyn: batch grows 3 -> 4 -> 5 across a print() graph break; both the frame and its resume go dynamic once."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def two_halves(x):
    h = x.relu() + 1
    print("halfway")
    return (h * h).sum(0)


for n in [3, 4, 5, 6]:
    print(two_halves(torch.ones(n, 2)).tolist())
