"""cfunc: zlib.crc32, a C function Dynamo cannot trace -- test_error_messages.py test_unsupported_c_function."""
import zlib
import torch

@torch.compile
def f(x):
    y = x + 1
    c = zlib.crc32(b"abc")
    return y * (c % 7)

f(torch.ones(3))
