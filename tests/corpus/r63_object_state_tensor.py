# Tensors carried in the program's own objects (a growing key cache, as in
# transformers' DynamicCache) are graph inputs with tensor guards, never
# constants baked into the graph: the second call, with a longer cache,
# misses; the third runs on a dynamic entry.
# expect-entries: 2
# expect-hits: 1
# expect-reason: 0/0: tensor 'c.k' size mismatch at index 0. expected 1, actual 2
import torch


class Cache:
    def __init__(self):
        self.k = torch.zeros(1, 4)

    def update(self, x):
        self.k = torch.cat([self.k, x], 0)
        return self.k


@torch.compile
def step(x, c):
    k = c.update(x)
    return (k * x).sum(0)


cache = Cache()
for i in range(3):
    step(torch.full((1, 4), float(i + 1)), cache)
