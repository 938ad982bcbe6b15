"""recomp: user code reads torch.backends.mkldnn.enabled and torch.get_float32_matmul_precision() to pick a path; the flags change between calls -- test_recompiles.py global state read in forward."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Attn(nn.Module):
    def forward(self, q, k):
        s = q @ k.t()
        if torch.get_float32_matmul_precision() != "highest":
            s = s * 0.5
        if torch.backends.mkldnn.enabled:
            s = s + 1
        return s.softmax(-1)


m = Attn()
cm = torch.compile(m)
q, k = torch.randn(2, 3), torch.randn(2, 3)
print(round(cm(q, k)[0, 0].item(), 4))
torch.set_float32_matmul_precision("high")
print(round(cm(q, k)[0, 0].item(), 4))
with torch.backends.mkldnn.flags(enabled=False):
    print(round(cm(q, k)[0, 0].item(), 4))
torch.set_float32_matmul_precision("highest")
print(round(cm(q, k)[0, 0].item(), 4))
