# torch._dynamo.config as the program sets it, read when a call starts:
# capture_scalar_outputs (here by config.patch as a decorator) keeps .item()
# in the graph, capture_dynamic_output_shape_ops keeps nonzero, and a print in
# reorderable_logging_functions is called after the graph, not a break; the
# call outside the patch breaks at .item() again.
# expect-graphs: 3
# expect-ops: 5 1 3
# expect-breaks: tensor-to-python@17
import torch
import torch._dynamo

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch._dynamo.config.reorderable_logging_functions.add(print)


def body(x):
    s = x.sum().item()
    print("scale", s)
    return torch.nonzero(x).sum() * s


f = torch.compile(body)


@torch._dynamo.config.patch(capture_scalar_outputs=True)
def patched(x):
    return f(x)


patched(torch.tensor([1.0, 0.0, 2.0]))
f(torch.tensor([1.0, 0.0, 2.0, 3.0]))
