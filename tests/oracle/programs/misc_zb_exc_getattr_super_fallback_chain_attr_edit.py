"""misc: a global object whose class __getattr__ tries the base class's __getattr__ (which looks up "_" + name in __dict__ and raises AttributeError otherwise) and falls back to 30 on the error; the compiled function multiplies by obj.a, obj.b, obj.c; between calls the script edits obj._b and then adds obj._c -- test_exceptions.py test_nn_module_getattr."""
import torch


class A:
    def __init__(self):
        self._b = 20

    def __getattr__(self, name):
        fixed_name = "_" + name
        if fixed_name in self.__dict__:
            return self.__dict__[fixed_name]
        raise AttributeError(f"{name} absent")


class B(A):
    def __init__(self):
        super().__init__()
        self.a = 10

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return 30


obj = B()


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    return x * obj.a * obj.b * obj.c


x = torch.ones(4)
print(fn(x).tolist())
print(fn(x).tolist())
obj._b = 5
print(fn(x).tolist())
obj._c = 2
print(fn(x).tolist())
print(fn(x).tolist())
