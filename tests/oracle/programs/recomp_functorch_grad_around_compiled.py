"""recomp: a compiled function called first inside an eager torch.func.grad, then directly: Dynamo refuses to trace under the transform and gives up on the frame -- test_higher_order_ops.py test_grad_call_compiled_fn_from_eager."""
import torch


@torch.compile
def loss(x):
    return (x.sin() * 3).sum()


torch.manual_seed(0)
x = torch.randn(4)
g = torch.func.grad(loss)(x)
print([round(v, 4) for v in g.tolist()])
print(round(loss(x).item(), 4))
print(round(loss(x + 1).item(), 4))
