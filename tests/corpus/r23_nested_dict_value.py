# A config dict nested in a dict: the inner value is guarded through both.
# expect-entries: 2
# expect-reason: 0/0: cfg['act']['slope'] == 0.1
import torch

@torch.compile
def f(x, cfg):
    return torch.nn.functional.leaky_relu(x, cfg["act"]["slope"])

f(torch.randn(4), {"act": {"slope": 0.1}})
f(torch.randn(4), {"act": {"slope": 0.2}})
