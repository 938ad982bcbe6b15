"""config: reorderable_logging_functions lets print stay in the graph -- test_error_messages.py reorderable logging."""
import torch
import torch._dynamo

torch._dynamo.config.reorderable_logging_functions.add(print)

@torch.compile
def f(x):
    y = x + 1
    print("value", y)
    return y * 2

f(torch.ones(2))
