"""sidefx: a global OrderedDict used as a tiny LRU cache of tensors inside the frame (move_to_end on hit, popitem(last=False) when full); the key argument changes -- test_ordered_dict.py OrderedDictTests test_popitem / test_move_to_end."""
import collections
import torch

cache = collections.OrderedDict()


@torch.compile
def embed(x, key):
    if key in cache:
        cache.move_to_end(key)
    else:
        cache[key] = x * key
        if len(cache) > 2:
            cache.popitem(last=False)
    return cache[key] + len(cache)


x = torch.ones(2)
for key in (1, 2, 1, 3, 2):
    print(embed(x, key))
print(list(cache))
