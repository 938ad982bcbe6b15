"""fullgraph: enumerate/zip/map/filter/any/all/min/max/sum over tensors and ints -- test_functions.py builtin iterators."""
import torch

@torch.compile(fullgraph=True)
def f(xs, ws):
    scaled = list(map(lambda p: p[0] * p[1], zip(xs, ws)))
    kept = list(filter(lambda i: i % 2 == 0, range(len(scaled))))
    total = sum(scaled[i] for i in kept)
    for i, t in enumerate(scaled):
        total = total + t * i
    if any(w > 2 for w in ws) and all(w > 0 for w in ws):
        total = total + max(ws) - min(ws)
    return total

xs = [torch.ones(2) * i for i in range(4)]
f(xs, [1, 2, 3, 4])
f(xs, [1, 2, 3, 4])
f(xs, [1, 2, 3, 5])
