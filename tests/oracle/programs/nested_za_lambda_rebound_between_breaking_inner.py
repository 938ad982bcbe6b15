"""nested: an inner function graph-breaks before calling a closed-over lambda; the lambda cell is rebound between the two calls of the inner function, and the program calls the compiled function again with other values -- test_functions.py test_non_inlined_closure."""
import torch


@torch.compile(backend="eager")
def program(x, y):
    one = lambda a, b: a + b

    def inner():
        torch._dynamo.graph_break()
        return one(x, y)

    res = inner()
    one = lambda a, b: a - b
    res = res + inner()
    return res


print(program(torch.tensor([1.0]), torch.tensor([2.0])).tolist())
print(program(torch.tensor([5.0]), torch.tensor([3.0])).tolist())
print(program(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 0.5])).tolist())
