"""misc: .data of a tensor created inside the compiled function is replaced by the input's .data (not captured in the graph: it breaks), then sizes are compared -- test_input_attr_tracking.py test_set_data_on_scoped_tensor."""
import torch


@torch.compile
def f(x):
    z = torch.zeros(4, 4)
    z.data = x.data
    if x.size() == z.size():
        return z * x
    return x


print(f(torch.full((5, 5), 2.0)).sum().item())
print(f(torch.full((5, 5), 3.0)).sum().item())
print(f(torch.full((2, 2), 3.0)).sum().item())
