"""config: capture_profiler_record_function=True puts record_function blocks into the graph; a graph break between two blocks, the second call under a profiler -- test_profiler.py test_dynamo_preserve_record_func_with_graph_break."""
import torch
from torch.profiler import record_function

torch._dynamo.config.capture_profiler_record_function = True

@torch.compile
def f(x):
    with record_function("pre"):
        a = x.sin()
    torch._dynamo.graph_break()
    with record_function("post"):
        b = a.cos()
    return b

x = torch.ones(4)
f(x)
with torch.profiler.profile() as prof:
    f(x)
print(sorted({e.name for e in prof.events() if e.name in ("pre", "post")}))
