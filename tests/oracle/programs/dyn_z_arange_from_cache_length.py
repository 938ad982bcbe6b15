"""dyn: a decode step whose positions are torch.arange(past, past + n) with past read from a growing cache tensor's size and n from the input's; the cache grows by one column per call -- HF cache_position / position_ids computed from past_key_values.get_seq_length()."""
import torch


class Cache:
    def __init__(self):
        self.k = torch.zeros(1, 0, 4)


@torch.compile
def step(x, cache):
    past = cache.k.shape[1]
    pos = torch.arange(past, past + x.shape[1])
    cache.k = torch.cat([cache.k, x], dim=1)
    return cache.k.sum(-1) + pos.sum(), pos


cache = Cache()
print(step(torch.randn(1, 3, 4), cache)[1].tolist())
for i in range(5):
    print(step(torch.randn(1, 1, 4), cache)[1].tolist())
