"""recomp: a global MutableMapping subclass is copied with dict() inside the compiled function and read with .get(key, default); a key is added to it between calls -- test_functions.py test_dict_mutable_map."""
from collections.abc import MutableMapping

import torch


class TensorDict(MutableMapping):
    def __init__(self):
        self._dict = {}

    def add(self, key, value):
        self._dict[key] = value

    def items(self):
        return self._dict.items()

    def __delitem__(self, key):
        del self._dict[key]

    def __getitem__(self, key):
        return self._dict[key]

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __setitem__(self, key, value):
        self._dict[key] = value


tensor_dict = TensorDict()
tensor_dict.add("a", torch.ones(4) * 2)


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    d = dict(tensor_dict)
    return x * d["a"] + d.get("b", 1)


x = torch.arange(4.0)
print(fn(x).tolist())
print(fn(x).tolist())
tensor_dict.add("b", torch.full((4,), 0.5))
print(fn(x).tolist())
