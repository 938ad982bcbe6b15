"""misc: the compiled function registers a post-accumulate-grad hook on its leaf input that scales the input and its grad in place; called on fresh leaves twice -- test_hooks.py test_post_acc_grad_hook."""
import torch


def hook(input_t):
    input_t.mul_(input_t.grad)
    input_t.grad.mul_(5)


@torch.compile
def reg_and_mul(x, y):
    x.register_post_accumulate_grad_hook(hook)
    return x * y


for i in range(2):
    x = torch.tensor([0.5, 0.5, 0.5], requires_grad=True)
    y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    z = reg_and_mul(x, y)
    z.backward(torch.tensor([2.0, 2.0, 2.0]))
    print(x.detach().tolist(), x.grad.tolist())
