"""skip: user class ctx that flips grad mode via torch._C._set_grad_enabled, with a print break inside its body."""
import torch

torch.manual_seed(0)


class GradOff:
    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        torch._C._set_grad_enabled(False)
        return self

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self.prev)
        return False


@torch.compile(backend="eager")
def f(x):
    y = x * 2
    with GradOff():
        z = y + 1
        print("inside", torch.is_grad_enabled())
        z = z * 3
    return z.requires_grad, y.sum() + z.sum()


w = torch.ones(3, requires_grad=True)
print(f(w))
print(f(w))
