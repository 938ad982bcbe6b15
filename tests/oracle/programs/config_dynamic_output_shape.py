"""config: capture_dynamic_output_shape_ops keeps nonzero in the graph -- test_misc.py dynamic output shape ops."""
import torch
import torch._dynamo

torch._dynamo.config.capture_dynamic_output_shape_ops = True

@torch.compile
def f(x):
    return torch.nonzero(x).sum() + 1

f(torch.tensor([1.0, 0.0, 2.0]))
