"""dyn: config.automatic_dynamic_shapes_mark_as="unbacked" makes the size that changed unbacked, so the later size-1 and size-0 batches of an eval loop reuse the second graph instead of 0/1-specialising -- test_recompiles.py test_automatic_dynamic_shapes_mark_as_unbacked."""
import torch
import torch._dynamo

torch._dynamo.config.automatic_dynamic_shapes_mark_as = "unbacked"
torch.manual_seed(0)
w = torch.randn(3, 2)

@torch.compile
def score(x):
    return (x @ w).relu().sum(-1)

# last batches of a dataset: full, smaller, one row, empty
for n in (4, 3, 1, 0):
    out = score(torch.ones(n, 3))
    print(n, out.shape)
