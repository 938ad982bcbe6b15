"""branch: the compiled function branches on isinstance(x, Sub) and on type(x) is Sub; called with a plain tensor, then the subclass, then a subclass of the subclass -- test_subclasses.py test_type_check."""
import torch


class Sub(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


class SubSub(Sub):
    pass


@torch.compile(fullgraph=True)
def f(x):
    a = torch.ones(2) if isinstance(x, Sub) else torch.zeros(2)
    b = 10 if type(x) is Sub else 20
    return a + b


t = torch.ones(2, 2)
print(f(t).tolist())
print(f(t.as_subclass(Sub)).tolist())
print(f(t.as_subclass(SubSub)).tolist())
print(f(t).tolist())
