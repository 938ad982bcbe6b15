"""recomp: torch.vmap of a global closure that reads an element of a captured list mutated between calls -- _higher_order_ops_test_functorch.py test_vmap_free_tensor / freevar."""
import torch


def make():
    coef = [2.0, 1.0]

    def body(r):
        return r * coef[0] + coef[1]

    return body, coef


body, coef = make()


@torch.compile
def f(x):
    return torch.vmap(body)(x).sum(0)


x = torch.arange(6.0).reshape(2, 3)
print(f(x).tolist())
coef[0] = -1.0
print(f(x).tolist())
coef[1] = 4.0
print(f(x).tolist())
