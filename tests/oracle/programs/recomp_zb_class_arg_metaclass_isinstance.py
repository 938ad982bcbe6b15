"""recomp: a compiled function branches on isinstance(c, Plain) / isinstance(c, WithMeta) (WithMeta built by a user metaclass); it is called with the two classes themselves, then with an instance of each -- test_misc.py test_user_defined_class_python_type."""
import torch


class Plain:
    pass


class Meta(type):
    pass


class WithMeta(metaclass=Meta):
    pass


@torch.compile(backend="eager")
def fn(x, c):
    if isinstance(c, Plain):
        return x + 1
    elif isinstance(c, WithMeta):
        return x + 2
    else:
        return x + 3


x = torch.zeros(2)
for c in [Plain, WithMeta, Plain(), WithMeta(), Plain]:
    print(fn(x, c).tolist())
