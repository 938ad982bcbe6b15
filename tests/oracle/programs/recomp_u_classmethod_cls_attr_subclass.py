"""recomp: a classmethod reads cls.factor; it is called through type(obj) for a subclass instance; the subclass's and then the base's attribute change between calls -- test_functions.py test_classmethod / class attribute via cls."""
import torch


class Norm:
    factor = 1.0

    @classmethod
    def scale(cls, x):
        return x * cls.factor


class Half(Norm):
    factor = 0.5


@torch.compile
def f(obj, x):
    return type(obj).scale(x) + 1


x = torch.full((2,), 4.0)
h = Half()
print(f(h, x).tolist())
Half.factor = 0.25
print(f(h, x).tolist())
del Half.factor
print(f(h, x).tolist())
Norm.factor = 3.0
print(f(h, x).tolist())
