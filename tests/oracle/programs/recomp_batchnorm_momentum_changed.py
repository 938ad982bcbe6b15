"""recomp: BatchNorm1d momentum changed between training calls (0.1 -> 0.5 -> None, cumulative average); running_mean shows which update ran -- test_repros.py test_batchnorm_e2e."""
import torch
import torch.nn as nn

torch.manual_seed(0)
bn = nn.BatchNorm1d(3)
cbn = torch.compile(bn)
xs = [torch.randn(4, 3) + i for i in range(4)]
cbn(xs[0])
print([round(v, 4) for v in bn.running_mean.tolist()])
bn.momentum = 0.5
cbn(xs[1])
print([round(v, 4) for v in bn.running_mean.tolist()])
bn.momentum = None
cbn(xs[2])
print([round(v, 4) for v in bn.running_mean.tolist()], int(bn.num_batches_tracked))
cbn(xs[3])
print([round(v, 4) for v in bn.running_mean.tolist()], int(bn.num_batches_tracked))
