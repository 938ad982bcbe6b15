"""misc: a compiled function called in a loop with prof.step() of a scheduled torch.profiler.profile (wait/warmup/active); the profiler state changes around the cached entry -- test_profiler.py test_profiler_cache_lookup_profiler_step."""
import torch

def fn(x, y, z):
    return torch.add(torch.sub(x, y), z)

f = torch.compile(fn)
torch.manual_seed(0)
x, y, z = (torch.rand(4, 4) for _ in range(3))
prof = torch.profiler.profile(schedule=torch.profiler.schedule(wait=1, warmup=1, active=2, repeat=1))
with prof:
    for _ in range(5):
        f(x, y, z)
        prof.step()
print(any(e.name == "TorchDynamo Cache Lookup" for e in prof.events()))
