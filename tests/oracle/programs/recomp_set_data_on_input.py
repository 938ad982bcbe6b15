"""recomp: x.data = y.data on an input, then a size comparison picks the result; called with a different-size y on the second call and the same sizes on the third (backend="eager": Inductor rejects the resized input) -- test_input_attr_tracking.py test_set_data_on_input_tensor."""
import torch


@torch.compile(fullgraph=True, backend="eager")
def f(x, y):
    x.data = y.data
    if x.size() == y.size():
        return x * y
    return y * y


print(f(torch.ones(5, 5), torch.full((2, 2), 2.0)).tolist())
print(f(torch.ones(5, 5), torch.full((3, 3), 3.0)).tolist())
print(f(torch.ones(3, 3), torch.full((3, 3), 4.0)).tolist())
