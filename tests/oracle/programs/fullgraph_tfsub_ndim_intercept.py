"""fullgraph: a subclass's __torch_function__ intercepts the ndim property getter and returns 10; the compiled function uses x.ndim under fullgraph, then a plain tensor is passed -- test_subclasses.py test_torch_function_call_on_attr."""
import torch


class FakeNDim(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func == torch.Tensor.ndim.__get__:
            return 10
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile(fullgraph=True)
def f(w):
    return w.ndim + torch.ones(2)


x = torch.ones(2, 2)
print(f(x.as_subclass(FakeNDim)).tolist())
print(f(x.as_subclass(FakeNDim)).tolist())
print(f(x).tolist())
