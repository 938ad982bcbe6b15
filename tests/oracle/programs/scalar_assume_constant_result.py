"""scalar: a helper doing .item() marked torch._dynamo.assume_constant_result is evaluated once at trace time: no break -- test_decorators.py test_assume_constant_result_on_computation_with_graph_input."""
import torch
import torch._dynamo

@torch._dynamo.assume_constant_result
def check(y):
    return y[0].item() == 1

@torch.compile
def f(x, y):
    if check(y):
        return x + 2
    return x + 1

f(torch.tensor(1), torch.tensor([1]))
f(torch.tensor(1), torch.tensor([0]))
