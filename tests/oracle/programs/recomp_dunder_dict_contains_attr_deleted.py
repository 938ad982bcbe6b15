"""recomp: a method tests `"b" in self.__dict__` and reads __dict__.get with a default; the user deletes the attribute, then adds another -- test_dicts.py test_contains_dunder_dict."""
import torch


class UserDefined:
    def __init__(self):
        self.a = 3
        self.b = 5

    def run(self, x):
        if "a" in self.__dict__:
            x = x * self.a
        if "b" in self.__dict__:
            x = x * self.b
        return x * self.__dict__.get("z", 2)


obj = UserDefined()


@torch.compile
def fn(x):
    return obj.run(x)


x = torch.ones(2)
print(fn(x).sum().item())
del obj.b
print(fn(x).sum().item())
obj.z = 7
print(fn(x).sum().item())
print(fn(x).sum().item())
