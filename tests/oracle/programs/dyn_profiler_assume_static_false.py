"""dyn: assume_static_by_default=False with dynamic=True and fullgraph=True on a matmul-add; three shape triples, the last under torch.profiler.profile(record_shapes=True) -- test_profiler.py test_profile_dynamic_shapes_runtime."""
import torch

torch._dynamo.config.assume_static_by_default = False

def fn(x, y, z):
    return x @ y + z

f = torch.compile(fn, dynamic=True, fullgraph=True)
torch.manual_seed(0)
inputs = [(torch.rand(a, b), torch.rand(b, c), torch.rand(a, c)) for (a, b, c) in [(5, 6, 7), (5, 5, 6), (6, 6, 6)]]
f(*inputs[0])
f(*inputs[1])
with torch.profiler.profile(record_shapes=True):
    print(f(*inputs[2]).shape)
