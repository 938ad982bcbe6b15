"""skip: a graph break inside torch.enable_grad() nested inside torch.no_grad() nested inside torch.set_grad_enabled(False), with backward on the result -- test_ctx_manager.py test_nested_grad_mode_graph_break / test_no_grad with nesting."""
import torch

@torch.compile
def f(x):
    before = torch.is_grad_enabled()
    with torch.set_grad_enabled(False):
        a = x * 2
        with torch.no_grad():
            with torch.enable_grad():
                b = x * 5
                torch._dynamo.graph_break()
                b = b.sqrt()
            c = b + a
    return c, b, before

x = torch.ones(3, requires_grad=True)
for _ in range(2):
    c, b, before = f(x)
    print(c.requires_grad, b.requires_grad, before)
    b.sum().backward()
print(x.grad)
