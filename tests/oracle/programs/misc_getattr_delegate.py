"""misc: a wrapper whose __getattr__ delegates to a dict of tensors, read in the frame -- test_error_messages.py custom __getattr__."""
import torch

class Params:
    def __init__(self, **tensors):
        self._store = tensors

    def __getattr__(self, name):
        store = self.__dict__["_store"]
        if name in store:
            return store[name]
        raise AttributeError(name)

p = Params(weight=torch.full((3,), 2.0), bias=torch.ones(3))

@torch.compile
def f(x):
    return x * p.weight + p.bias

f(torch.ones(3))
f(torch.ones(3))
