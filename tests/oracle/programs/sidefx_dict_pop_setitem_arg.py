"""sidefx: the frame writes d["c"] = d["a"] + d.pop("b") into its dict argument and returns it; called again on fresh dicts and on the mutated one -- test_dicts.py test_dict_mutation_side_effect."""
import torch


@torch.compile
def fn(d):
    d["c"] = d["a"] + d.pop("b")
    return d


torch.manual_seed(0)
a, b = torch.randn(4), torch.randn(4)
d1 = {"a": a, "b": b}
r = fn(d1)
print(r is d1, sorted(r), round(r["c"].sum().item(), 4))
d2 = {"a": a * 2, "b": b}
r = fn(d2)
print(r is d2, sorted(r), round(r["c"].sum().item(), 4))
d1["b"] = a
r = fn(d1)
print(r is d1, sorted(r), round(r["c"].sum().item(), 4))
