"""nested: an inlined helper graph-breaks inside torch.no_grad() and returns from inside the block; the caller's result is backpropagated -- test_ctx_manager.py test_graph_break_inlining_grad."""
import torch

def gn(z):
    with torch.no_grad():
        torch._dynamo.graph_break()
        return torch.sin(z)

@torch.compile
def f(x, y, z):
    a = torch.mm(x, y)
    z = gn(z)
    return a + z.sum()

torch.manual_seed(0)
x = torch.randn(4, 4, requires_grad=True)
y = torch.randn(4, 4, requires_grad=True)
z = torch.randn(4)
for _ in range(2):
    f(x, y, z).sum().backward()
print(x.grad.shape, y.grad.shape)
