"""misc: a Parameter-wrapped subclass overrides the shape property (caching tensor_shape on first access) and .to(); the compiled function reads shape, calls to and returns the cached attributes -- test_subclasses.py test_subclass_override_shape_and_to."""
import torch


class ShapeSub(torch.Tensor):
    def to(self, *args, **kwargs):
        new = super().to(*args, **kwargs)
        new.tensor_shape = getattr(self, "tensor_shape", new.data.shape)
        return new

    @property
    def shape(self):
        if not hasattr(self, "tensor_shape"):
            self.tensor_shape = self.size()
        return self.tensor_shape


def fn(x):
    s = x.shape
    y = x.to("cpu")
    return x + 1, y + 2, s, x.tensor_shape, y.tensor_shape


opt = torch.compile(fn, fullgraph=True)
x0 = torch.nn.Parameter(torch.ones(2, 2).as_subclass(ShapeSub))
r = opt(x0)
print(r[0].sum().item(), r[1].sum().item(), r[2], r[3], r[4])
r = opt(x0)
print(r[0].sum().item(), r[2], x0.tensor_shape)
