# Planned memory against views the schema does not annotate (matmul's
# _unsafe_view, split's list of views) and the int64 extremes as literals.
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(16, 16))
        self.qkv = torch.nn.Linear(16, 48)

    def forward(self, x, ids):
        y = x @ self.w                        # mm + _unsafe_view: a view without an alias annotation
        z = y * torch.sigmoid(y)              # sigmoid and mul write planned memory: never y's
        q, k, v = self.qkv(z).split(16, -1)   # a list of views
        a = torch.softmax(q @ k.transpose(-1, -2), -1) @ v
        low = ids.masked_fill(ids > 5, torch.iinfo(torch.long).min)
        high = low.clamp_max(torch.iinfo(torch.long).max - 1)
        return a + z, high


torch.manual_seed(0)
model = torch.compile(M().eval())
with torch.no_grad():
    out, ids = model(torch.randn(2, 8, 16), torch.arange(12).reshape(3, 4))
print(round(out.sum().item(), 4), ids.tolist()[0])
