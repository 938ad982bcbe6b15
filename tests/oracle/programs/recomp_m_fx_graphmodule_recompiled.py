"""recomp: a symbolic_traced fx GraphModule called inside the compiled fn; its graph is edited and recompile()d between calls -- test_interop.py test_fx_fn."""
import operator
import torch
import torch.fx


def fn(a, b):
    return a + b * 0.5


gm = torch.fx.symbolic_trace(fn)


@torch.compile(fullgraph=True)
def f(a, b):
    return gm(a, b) + 1


a, b = torch.arange(3.0), torch.ones(3)
print(f(a, b).tolist())
for node in gm.graph.nodes:
    if node.op == "call_function" and node.target is operator.add:
        node.target = operator.sub
gm.recompile()
print(f(a, b).tolist())
print(f(a, b).tolist())
