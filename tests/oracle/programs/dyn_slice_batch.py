"""dyn: batches sliced from a bigger tensor -- test_repros.py dataloader-free batching (storage offset)."""
import torch
torch.manual_seed(0)

data = torch.randn(20, 4)

@torch.compile
def f(x):
    return x.mean(0)

for start in (0, 8, 16):
    f(data[start:start + 4])
