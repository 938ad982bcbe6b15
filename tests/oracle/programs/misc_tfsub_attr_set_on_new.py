"""misc: a tensor subclass is created inside the compiled function (constructor and as_subclass) and an attribute is set on it; the attribute must be visible outside -- test_subclasses.py test_newly_constructed_tensor_subclass_attr_mutation / test_as_subclass_attr_mutation."""
import torch


class Holder(torch.Tensor):
    pass


@torch.compile(fullgraph=True)
def make(k):
    x = Holder(torch.ones(2))
    x.bar = k
    y = torch.ones(2).as_subclass(Holder)
    y.baz = k + 1
    return x, y, x * x.bar + y * y.baz


for k in (2, 2, 3):
    x, y, z = make(k)
    print(type(x).__name__, x.bar, type(y).__name__, y.baz, z.tolist())
