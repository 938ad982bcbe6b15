# torch.compile(model) returns an OptimizedModule: only calling it compiles the
# forward. generate(), read through it, is the original module's method and
# calls the original module, which Dynamo never compiles (0 graphs under the
# real Dynamo of torch 2.13 for the generate() calls; oracle
# real_generate_method). One call through the wrapper makes the one entry; the
# three calls from generate() are counted in frames.json "bypassed", not
# recorded.
# expect-graphs: 1
# expect-entries: 1
# expect-hits: 0
# expect-breaks: none
import torch
import torch.nn as nn


class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.out = nn.Linear(4, 10)

    def forward(self, idx):
        return self.out(self.emb(idx))

    def generate(self, idx, n):
        for _ in range(n):
            idx = torch.cat([idx, self(idx)[:, -1].argmax(-1, keepdim=True)], 1)
        return idx


torch.manual_seed(0)
cm = torch.compile(LM().eval())
with torch.no_grad():
    cm(torch.tensor([[1, 2]]))
    cm.generate(torch.tensor([[1, 2]]), 3)
