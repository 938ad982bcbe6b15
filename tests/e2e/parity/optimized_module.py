# What torch.compile(module) returns, as a program can tell: under python it is
# Dynamo's OptimizedModule; under dynx-capture it must look the same (its type
# and repr, _orig_mod, state_dict keys with the _orig_mod. prefix, attributes
# read through, train/eval) while running eagerly. A method read through it
# (generate) calls the original module.
import torch
import torch.nn as nn
from torch._dynamo.eval_frame import OptimizedModule


class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.out = nn.Linear(4, 10)
        self.scale = 2

    def forward(self, idx):
        return self.out(self.emb(idx)) * self.scale

    def generate(self, idx, n):
        for _ in range(n):
            idx = torch.cat([idx, self(idx)[:, -1].argmax(-1, keepdim=True)], 1)
        return idx


torch.manual_seed(0)
model = LM()
cm = torch.compile(model)
print(type(cm).__name__, isinstance(cm, OptimizedModule), cm._orig_mod is model)
print(repr(cm))
print(sorted(cm.state_dict()))
print(cm.scale, cm.out.in_features, len(list(cm.parameters())))
cm.eval()
print(cm.training, model.training)
with torch.no_grad():
    print(cm(torch.tensor([[1, 2]])).shape)
    print(cm.generate(torch.tensor([[1, 2]]), 3).tolist())
