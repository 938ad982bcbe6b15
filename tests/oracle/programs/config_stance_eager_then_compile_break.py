"""config: set_stance("eager_then_compile") runs the first call eagerly, then compiles dynamic; a graph break splits it -- test_decorators.py test_set_stance_eager_then_compile_with_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(n, y, d):
    y = torch.sin(y)
    torch._dynamo.graph_break()
    y = torch.cos(y)
    return n * y * d[0]

with torch.compiler.set_stance("eager_then_compile"):
    f(1, torch.ones(1), {0: torch.ones(1)})
    f(2, torch.ones(2), {0: torch.ones(2)})
    f(3, torch.ones(3), {0: torch.ones(3)})
