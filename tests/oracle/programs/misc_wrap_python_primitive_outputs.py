"""misc: the wrap higher-order op body returns Python numbers, a nested tuple and a dict next to tensors -- test_higher_order_ops.py test_fallback_on_python_primitives_output / test_fallback_on_nested_tuple_output / test_fallback_on_output_with_dict."""
import torch
from torch._higher_order_ops.wrap import wrap

@torch.compile
def f1(x):
    return wrap(lambda x: [1, torch.sin(x), 2.0], x)

@torch.compile
def f2(x):
    return wrap(lambda x: ((x.sin(), x.cos()),), x)

@torch.compile
def f3(x):
    return wrap(lambda x: [{"a": -x}], x)

x = torch.ones(3)
for _ in range(2):
    print(len(f1(x)), len(f2(x)[0]), list(f3(x)[0].keys()))
