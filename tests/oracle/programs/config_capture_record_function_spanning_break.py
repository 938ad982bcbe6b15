"""config: capture_profiler_record_function=True with a graph break inside a record_function block -- test_profiler.py test_dynamo_preserve_record_func_spanning_graph_break."""
import torch
from torch.profiler import record_function

torch._dynamo.config.capture_profiler_record_function = True

@torch.compile
def f(x):
    x = x + 1
    with record_function("spanning"):
        a = x.sin()
        torch._dynamo.graph_break()
        b = a.cos()
    return b - 1

x = torch.ones(4)
f(x)
with torch.profiler.profile() as prof:
    f(x)
print(len([e for e in prof.events() if e.name == "spanning"]))
