"""recomp: match with mapping and sequence patterns on a config argument ({"op": "scale", "k": k}, [a, b, *rest]); dicts with other keys and lists of other lengths recompile -- test_patma.py TestPatma mapping/sequence patterns."""
import torch


@torch.compile
def f(x, cfg):
    match cfg:
        case {"op": "scale", "k": k}:
            return x * k
        case {"op": "shift", **rest}:
            return x + len(rest)
        case [a, b, *rest]:
            return x * a + b + len(rest)
        case _:
            return x


x = torch.ones(2)
print(f(x, {"op": "scale", "k": 3}))
print(f(x, {"op": "scale", "k": 3}))
print(f(x, {"op": "shift", "a": 1, "b": 2}))
print(f(x, [2, 1]))
print(f(x, [2, 1, 0, 0]))
