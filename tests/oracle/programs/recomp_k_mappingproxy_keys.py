"""recomp: a types.MappingProxyType argument is iterated and indexed; later proxies with the keys reordered and with a key missing -- test_guard_serialization.py test_mapping_keys_check."""
import types
import torch


@torch.compile
def fn(mp):
    out = None
    w = 1.0
    for k in mp:
        out = mp[k] * w if out is None else out + mp[k] * w
        w += 1.0
    return out


torch.manual_seed(0)
a = torch.randn(3)
b = torch.randn(3)
print(round(fn(types.MappingProxyType({"a": a, "b": b})).sum().item(), 4))
print(round(fn(types.MappingProxyType({"a": a + 1, "b": b})).sum().item(), 4))
print(round(fn(types.MappingProxyType({"b": b, "a": a})).sum().item(), 4))
print(round(fn(types.MappingProxyType({"a": a})).sum().item(), 4))
