"""recomp: a KV cache layer object whose keys grow by torch.cat and whose int cumulative_length is bumped inside the compiled frame (through a method), the keys going from None to a tensor on the first call -- transformers DynamicLayer.update."""
import torch

class Layer:
    def __init__(self):
        self.keys = None
        self.cumulative_length = 0
    def update(self, k):
        if self.keys is None:
            self.keys = k
        else:
            self.keys = torch.cat([self.keys, k], dim=1)
        self.cumulative_length += k.shape[1]
        return self.keys

class Cache:
    def __init__(self):
        self.layers = [Layer()]

@torch.compile
def step(x, cache):
    k = cache.layers[0].update(x)
    pos = cache.layers[0].cumulative_length
    return k.sum(1) * pos

c = Cache()
step(torch.randn(1, 4, 2), c)
for i in range(5):
    print(step(torch.randn(1, 1, 2), c).shape)
