"""misc: tensor subclass whose __torch_function__ appends each op name to a global list (side effect) before dispatch."""
import torch

torch.manual_seed(0)

LOG = []


class Logged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        LOG.append(getattr(func, "__name__", "?"))
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile(backend="eager")
def f(x):
    return (x + 1).relu()


x = torch.ones(3).as_subclass(Logged)
for _ in range(2):
    out = f(x)
print(type(out).__name__, len(LOG))
