"""recomp: forward picks a scatter_add or an index-sorted path depending on torch.are_deterministic_algorithms_enabled() and is_deterministic_algorithms_warn_only_enabled(), toggled between calls -- test_recompiles.py deterministic algorithms."""
import torch

torch.manual_seed(0)


@torch.compile
def agg(src, idx):
    out = torch.zeros(3)
    if torch.are_deterministic_algorithms_enabled():
        if torch.is_deterministic_algorithms_warn_only_enabled():
            return out.index_add(0, idx, src) + 100
        return out.index_add(0, idx, src) + 10
    return out.scatter_add(0, idx, src)


src = torch.arange(6.0)
idx = torch.tensor([0, 1, 2, 0, 1, 2])
print(agg(src, idx).tolist())
torch.use_deterministic_algorithms(True)
print(agg(src, idx).tolist())
torch.use_deterministic_algorithms(True, warn_only=True)
print(agg(src, idx).tolist())
torch.use_deterministic_algorithms(False)
print(agg(src, idx).tolist())
