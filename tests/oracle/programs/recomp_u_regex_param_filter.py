"""recomp: a global compiled regular expression selects which buffers are added; the pattern object is replaced between calls -- test_misc.py re module in compiled code / real no-decay name filters."""
import re
import torch

PAT = re.compile(r"bias$")


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("w_bias", torch.ones(2))
        self.register_buffer("w_scale", torch.full((2,), 3.0))

    def forward(self, x):
        for name, b in self.named_buffers():
            if PAT.search(name):
                x = x + b
        return x


m = torch.compile(M())
x = torch.zeros(2)
print(m(x).tolist())
PAT = re.compile(r"scale$")
print(m(x).tolist())
PAT = re.compile(r"^w_")
print(m(x).tolist())
