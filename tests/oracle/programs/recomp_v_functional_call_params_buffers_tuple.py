"""recomp: functional_call with a (params, buffers) tuple on a BatchNorm model in eval mode; the running statistics dict is swapped between calls -- test_higher_order_ops.py functional_call with buffers."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4)).eval()


@torch.compile
def f(params, buffers, x):
    return torch.func.functional_call(model, (params, buffers), (x,))


x = torch.randn(2, 3)
params = dict(model.named_parameters())
bufs = {k: v.clone() for k, v in model.named_buffers()}
print(round(f(params, bufs, x).sum().item(), 4))
bufs2 = dict(bufs)
bufs2["1.running_mean"] = torch.full((4,), 0.5)
bufs2["1.running_var"] = torch.full((4,), 4.0)
print(round(f(params, bufs2, x).sum().item(), 4))
print(round(f(params, {}, x).sum().item(), 4))
print(int(model[1].num_batches_tracked), round(model[1].running_mean.sum().item(), 4))
