# A KV cache as transformers' DynamicCache keeps it: keys grow by torch.cat
# and an int length on the layer object is bumped inside the compiled frame.
# As in Dynamo, the int is dynamic at its first change (frame state per
# source, even while the keys went from None to a tensor), the keys' size
# after theirs, and their strides follow the symbolic size (a dense tensor's
# strides are products of its sizes): 3 entries, then every step is a hit
# (measured under torch 2.13: 2 recompiles, the same two reasons).
# expect-entries: 3
# expect-reason: 0/0: tensor 'x' size mismatch at index 1. expected 4, actual 1
# expect-reason: 0/1: tensor 'cache.layers[0].keys' size mismatch at index 1. expected 4, actual 5
# expect-dynamic: automatic dynamic int cache.layers[0].cumulative_length: dynamic since an earlier entry
# expect-hits: 3
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


cache = Cache()
step(torch.randn(1, 4, 2), cache)
for i in range(5):
    step(torch.randn(1, 1, 2), cache)
