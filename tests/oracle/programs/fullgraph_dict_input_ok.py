"""fullgraph: a dict of tensors input iterated and rebuilt under fullgraph (clean) -- test_dicts.py dict input fullgraph."""
import torch

@torch.compile(fullgraph=True)
def f(batch):
    out = {}
    for k, v in batch.items():
        out[k + "_norm"] = v / v.norm()
    return out

f({"a": torch.ones(3), "b": torch.arange(3.0)})
f({"a": torch.ones(3), "b": torch.arange(3.0)})
