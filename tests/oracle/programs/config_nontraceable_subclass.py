"""config: a subclass whose __torch_function__ raises is listed in nontraceable_tensor_subclasses, so Dynamo must not wrap it as a tensor; the compiled function reads a Python attribute off it -- test_subclasses.py test_nontraceable_tensor_subclass."""
import torch


class NoPass(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        raise RuntimeError("one shall not pass")


def f(t):
    return t.foo + torch.ones(3)


opt = torch.compile(f)
t = NoPass(torch.ones(2))
t.foo = 42
with torch._dynamo.config.patch(nontraceable_tensor_subclasses={NoPass}):
    print(opt(t).tolist())
    t.foo = 43
    print(opt(t).tolist())
