"""cfunc: struct.pack on a Python float derived from the tensor shape -- C builtin that Dynamo cannot trace."""
import struct
import torch


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    b = struct.pack("f", float(x.shape[0]))
    return y * len(b)


print(f(torch.ones(3)))
print(f(torch.ones(3)))
