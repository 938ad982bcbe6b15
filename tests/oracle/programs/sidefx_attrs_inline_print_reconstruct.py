"""sidefx: constant attributes set on three input tensors, then an inlined helper prints and reads them (break in the helper), results multiply the tensors -- test_input_attr_tracking.py test_complex_attr_access_with_inline_reconstruct."""
import torch


def helper(x, y, z):
    print("helper")
    return x.a + y.a + z.a


@torch.compile
def f(x, y, z):
    x.a = 1
    y.a = 2
    z.a = 3
    m = helper(x, y, z)
    return x * m, y * m


x, y, z = torch.ones(2), torch.ones(2), torch.ones(2)
for _ in range(2):
    p, q = f(x, y, z)
    print(p.tolist(), q.tolist())
