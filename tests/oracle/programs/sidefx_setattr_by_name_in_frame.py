"""sidefx: the frame stores a tensor on a user object with setattr(obj, name, ...) where name is a str argument, then getattr reads another name back; the name changes between calls -- test_misc.py setattr/getattr on user objects."""
import torch


class Store:
    def __init__(self):
        self.a = torch.zeros(2)
        self.b = torch.ones(2)


@torch.compile
def put(x, store, name, other):
    setattr(store, name, x * 2)
    return getattr(store, other) + getattr(store, name)


s = Store()
x = torch.tensor([1.0, 2.0])
print(put(x, s, "a", "b"))
print(put(x + 1, s, "a", "b"))
print(put(x, s, "b", "a"))
print(s.a, s.b)
