"""recomp: the same compiled function gets a __torch_function__ tensor subclass, another instance of it, then a plain tensor, then the subclass again -- test_subclasses.py test_torch_dispatch_subclass_guard_recompile."""
import torch


class Tagged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile
def f(w):
    return torch.add(w, 1.0) * 2


base = torch.ones(2, 2)
a = base.clone().as_subclass(Tagged)
r1 = f(a)
print(type(r1).__name__, r1.sum().item())
r2 = f((base + 1).as_subclass(Tagged))
print(type(r2).__name__, r2.sum().item())
r3 = f(base)
print(type(r3).__name__, r3.sum().item())
r4 = f(a)
print(type(r4).__name__, r4.sum().item())
