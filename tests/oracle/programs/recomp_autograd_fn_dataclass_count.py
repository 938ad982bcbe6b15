"""recomp: a dataclass holding an int and tensors is passed through an autograd.Function; the int field changes between calls -- test_autograd_function.py test_user_defined_object_as_input."""
import dataclasses
import torch


@dataclasses.dataclass
class Batch:
    count: int
    scale: torch.Tensor
    shift: torch.Tensor


class Affine(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, batch):
        ctx.save_for_backward(batch.scale)
        ctx.count = batch.count
        return x.clone() * batch.scale * batch.count + batch.shift

    @staticmethod
    def backward(ctx, g):
        (scale,) = ctx.saved_tensors
        return g * scale * ctx.count, None


@torch.compile
def f(x, batch):
    return Affine.apply(x, batch).sum()


x = torch.tensor([1.0, 2.0], requires_grad=True)
b = Batch(2, torch.tensor(0.5), torch.tensor(1.0))
f(x, b).backward()
f(x, b).backward()
b.count = 3
f(x, b).backward()
assert torch.allclose(x.grad, torch.tensor([1.0 + 1.0 + 1.5, 1.0 + 1.0 + 1.5]))
