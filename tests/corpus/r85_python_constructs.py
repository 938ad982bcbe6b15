# Breaks Dynamo takes at Python constructs, not at operators, each asked of
# the environment's Dynamo (measured, torch 2.13: 5 graphs, one break each):
# a class statement (gb8977), a torch function its rule map skips
# (torch.manual_seed, gb0007), torch.equal (a Python bool read from tensor
# data, gb0033: the code after it is specialised on the value), and
# requires_grad_() on an intermediate (gb8985).
# expect-graphs: 5
# expect-breaks: class-definition@15 skipped-function@18 data-dependent-op@20 requires-grad-intermediate@23
import torch


@torch.compile
def f(x, y):
    a = x * 2
    class Local:
        k = 3
    b = a + Local.k
    torch.manual_seed(0)
    c = b.sin()
    if torch.equal(c, y):
        return c
    d = (c * 2).detach()
    d.requires_grad_()
    return d + 1


print(f(torch.ones(3), torch.zeros(3)).shape)
