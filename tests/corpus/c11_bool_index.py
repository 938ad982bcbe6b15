# Boolean-mask indexing is masked_select in disguise.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: dynamic-shape-op@10
import torch

@torch.compile
def f(x):
    mask = x > 0
    kept = x[mask]
    return kept.sum()

f(torch.tensor([1.0, -2.0, 0.5]))
