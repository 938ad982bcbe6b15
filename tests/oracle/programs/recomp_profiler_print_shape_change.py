"""recomp: a print break after a reduction, run under torch.profiler.profile(); the second input's trailing dim changes so the frame recompiles while the code after the break still hits -- test_profiler.py test_profiler_dynamo_compiled_region."""
import torch

def fn(x, y):
    r = y.sum(dim=1)
    print(r.shape)
    return x * r

torch.manual_seed(0)
with torch.profiler.profile():
    fc = torch.compile(fn)
    fc(torch.randn(10), torch.randn(10, 10))
    fc(torch.randn(10), torch.randn(10, 15))
