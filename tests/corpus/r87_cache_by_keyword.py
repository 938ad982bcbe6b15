# A KV cache passed by keyword, its tensors five steps down
# (kwargs['cache'].layers[0].keys, as transformers' DynamicCache is passed to
# a compiled forward during decoding): the tensors are graph inputs with
# their sources, never constants baked at the call that recorded them. Before,
# dynx searched the arguments three steps deep only: the dynamic entry held
# the cache of its first call as a constant and every later length was
# refused by --verify ("computed something else"), one entry per length.
# Dynamo (torch 2.13): 2 graphs, the second length makes the dimension dynamic.
# expect-graphs: 2
# expect-breaks: none
# expect-entries: 2
# expect-hits: 2
# expect-reason: 0/0: tensor 'kwargs['cache'].layers[0].keys' size mismatch at index 0. expected 3, actual 4
import torch


class Layer:
    def __init__(self, keys):
        self.keys = keys


class Cache:
    def __init__(self, keys):
        self.layers = [Layer(keys)]


def step(x, **kwargs):
    layer = kwargs["cache"].layers[0]
    layer.keys = torch.cat([layer.keys, x])
    return layer.keys.sum(0)


f = torch.compile(step)
cache = Cache(torch.ones(3, 4))
for i in range(4):
    print(f(torch.full((1, 4), float(i)), cache=cache))
