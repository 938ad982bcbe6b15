"""recomp: `for w in weights` where the weights object's __iter__ yields from a list of floats; an element is replaced in place and one appended between calls -- test_generator.py / test_misc.py user __iter__ via yield from."""
import torch


class Weights:
    def __init__(self, ws):
        self.ws = list(ws)

    def __iter__(self):
        yield from self.ws


@torch.compile
def f(x, weights):
    out = torch.zeros_like(x)
    for k, w in enumerate(weights):
        out = out + w * x ** k
    return out


x = torch.tensor([1.0, 2.0])
W = Weights([1.0, 0.5])
print(f(x, W).tolist())
W.ws[1] = 2.0
print(f(x, W).tolist())
W.ws.append(0.25)
print(f(x, W).tolist())
