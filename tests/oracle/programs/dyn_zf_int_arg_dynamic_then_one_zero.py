"""dyn: an int arg goes dynamic after 5 -> 6, then the values 1 and 0 are passed."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def shift(x, n):
    return x + n


x = torch.zeros(3)
for n in [5, 6, 7, 1, 0, 1]:
    print(shift(x, n).tolist())
