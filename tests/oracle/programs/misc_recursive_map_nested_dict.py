"""misc: a recursive helper walks a nested dict input; the nesting differs between calls -- _repros_part1.py test_recursive_map."""
import torch

torch.manual_seed(0)


def walk(struct):
    for k, v in struct.items():
        if v is not None:
            if isinstance(v, dict):
                walk(v)
            else:
                struct[k] = v * 2


@torch.compile
def toy(a, b, mem):
    x = a / (torch.abs(a) + 1)
    if mem is not None:
        walk(mem)
    return x * b


a, b = torch.randn(5), torch.randn(5)
m1 = {"layer0": {"keys": torch.ones(5)}}
toy(a, b, m1)
print(m1["layer0"]["keys"])
toy(a, b, {"layer0": {"keys": torch.ones(5)}})
toy(a, b, {"layer0": {"keys": torch.ones(5), "vals": None}, "layer1": {"keys": torch.ones(5)}})
toy(a, b, None)
