"""fullgraph: a gradient hook on an intermediate appends the grad to a list of the enclosing scope (an unsafe side effect in a hook: Dynamo refuses under fullgraph) -- test_hooks.py test_hook_bwd_inside_side_effects."""
import torch

global_list = []


def fn(x):
    y = x * 2

    def _hook(grad):
        global_list.append(grad)
        return grad * 2

    y.register_hook(_hook)
    z = y + x
    return z.sum()


x = torch.ones(3, requires_grad=True)
fn(x).backward()
print(len(global_list), x.grad.tolist())
compiled = torch.compile(fn, fullgraph=True)
for _ in range(2):
    try:
        compiled(torch.ones(3, requires_grad=True)).backward()
        print("ok", len(global_list))
    except Exception as e:
        print("caught", type(e).__name__)
