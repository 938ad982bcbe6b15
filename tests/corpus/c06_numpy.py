# .numpy() hands the tensor's memory to NumPy, which torch 2.13 traces
# (config.trace_numpy): array.max() is the graph's amax, and the graph breaks
# only where float() reads it (gb0033, as Dynamo reports it).
# expect-graphs: 2
# expect-ops: 3 1
# expect-breaks: data-dependent-op@12
import torch

@torch.compile
def f(x):
    array = x.abs().numpy()
    return x + float(array.max())

f(torch.randn(4))
