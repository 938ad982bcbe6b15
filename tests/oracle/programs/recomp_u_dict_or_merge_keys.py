"""recomp: `DEFAULTS | overrides` (PEP 584) then iteration over the merged items builds the result; the override dict gains a key and a value changes between calls -- test_dicts.py test_dict_or / test_dict_ior."""
import torch

DEFAULTS = {"a": 1.0, "b": 2.0}


@torch.compile
def f(x, overrides):
    merged = DEFAULTS | overrides
    out = x.clone()
    for name, w in merged.items():
        if name == "c":
            out = out - w
        else:
            out = out + w * x
    return out


x = torch.ones(2)
ov = {"b": 0.5}
print(f(x, ov).tolist())
ov["c"] = 4.0
print(f(x, ov).tolist())
ov["b"] = 0.0
print(f(x, ov).tolist())
