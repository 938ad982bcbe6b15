"""recomp: an nn.Sequential whose _modules dict is reordered (pop and re-insert) between calls -- test_modules.py test_sequential_reorder."""
import torch
import torch.nn as nn


class Add(nn.Module):
    def forward(self, x):
        return x + 1


class Dbl(nn.Module):
    def forward(self, x):
        return x * 2


seq = nn.Sequential()
seq.add_module("add", Add())
seq.add_module("dbl", Dbl())
cseq = torch.compile(seq)
x = torch.arange(3.0)
print(cseq(x).tolist())
seq._modules["add"] = seq._modules.pop("add")
print(cseq(x).tolist())
