"""misc: sorted() with a key lambda over (name, tensor) pairs and over strings -- test_functions.py test_sorted_with_key."""
import torch

@torch.compile
def f(params):
    pairs = sorted(params.items(), key=lambda kv: kv[0], reverse=True)
    names = sorted(params, key=len)
    out = pairs[0][1] * len(names[0])
    for _, t in pairs[1:]:
        out = out + t
    return out

params = {"bb": torch.ones(2), "a": torch.ones(2) * 2, "ccc": torch.ones(2) * 3}
f(params)
f(params)
params["dddd"] = torch.ones(2)
f(params)
