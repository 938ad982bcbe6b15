"""recomp: a Python bool argument flips True/False on one batch size, then the batch grows under True: the third compile makes the size dynamic and later sizes hit it -- test_recompiles.py test_recompiles_true_false_flop."""
import torch

torch.manual_seed(0)

@torch.compile(fullgraph=True)
def head(use_square, y):
    if use_square:
        return y * 2
    else:
        return y * y

print(head(True, torch.ones(2)))
print(head(False, torch.ones(2)))
for n in (3, 4, 5):
    print(head(True, torch.arange(n, dtype=torch.float32)))
