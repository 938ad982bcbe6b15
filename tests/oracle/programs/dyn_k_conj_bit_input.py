"""dyn: a complex input first plain, then a lazy x.conj() view (conjugate bit set), then resolved; the frame branches on x.is_conj() -- test_guard_serialization.py TENSOR_MATCH dispatch keys."""
import torch


@torch.compile
def fn(x):
    if x.is_conj():
        return (x * 2).real
    return (x + 1).real


z = torch.tensor([1 + 2j, 3 - 1j])
print(round(fn(z).sum().item(), 4))
print(round(fn(z.conj()).sum().item(), 4))
print(round(fn(z.conj().resolve_conj()).sum().item(), 4))
