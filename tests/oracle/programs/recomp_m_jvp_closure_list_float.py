"""recomp: torch.func.jvp of a closure that reads a float from a captured list mutated between calls -- _higher_order_ops_test_functorch.py test_jvp_freevar."""
import torch


def make():
    coef = [2.0]

    def body(x):
        return x.sin() * coef[0]

    return body, coef


body, coef = make()


@torch.compile
def f(x, t):
    out, tan = torch.func.jvp(body, (x,), (t,))
    return out.sum() + tan.sum()


x, t = torch.arange(3.0), torch.ones(3)
print(round(f(x, t).item(), 4))
coef[0] = -1.0
print(round(f(x, t).item(), 4))
