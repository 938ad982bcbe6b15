"""sidefx: the frame sets a tensor attribute (x.y = y * z) and a Python attribute on its input, a print breaks, and the resumed code reads the attributes back; z changes between calls -- test_input_attr_tracking.py test_complex_attr_access_with_graph_breaks (one input)."""
import torch


@torch.compile
def fn(x, y, z):
    x.y = y * z
    x.tag = z + 1
    print("Break!")
    return x * x.y + x.tag


x = torch.ones(2)
y = torch.full((2,), 2.0)
for z in (5, 5, 7):
    print(round(fn(x, y, z).sum().item(), 4), x.tag)
