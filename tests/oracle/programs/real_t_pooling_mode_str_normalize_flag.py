"""real: sentence-embedding model (tiny TransformerEncoder) with a Pooling module whose forward branches on self.mode ("mean", "cls", "max", a str attribute) and an nn.Module flag self.normalize; both switched between encode() calls -- sentence-transformers Pooling / Normalize shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Pooling(nn.Module):
    def __init__(self, mode="mean"):
        super().__init__()
        self.mode = mode

    def forward(self, h, mask):
        if self.mode == "cls":
            return h[:, 0]
        if self.mode == "max":
            return h.masked_fill(~mask[..., None], -1e4).amax(1)
        m = mask[..., None].to(h.dtype)
        return (h * m).sum(1) / m.sum(1).clamp(min=1)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(30, 16)
        layer = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 1, enable_nested_tensor=False)
        self.pool = Pooling()
        self.normalize = True

    def forward(self, ids, mask):
        h = self.enc(self.emb(ids), src_key_padding_mask=~mask)
        e = self.pool(h, mask)
        return F.normalize(e, dim=-1) if self.normalize else e


model = Encoder().eval()
encode = torch.compile(model)
ids = torch.randint(1, 30, (2, 5))
mask = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], dtype=torch.bool)
with torch.no_grad():
    for mode, norm in [("mean", True), ("cls", True), ("max", False), ("mean", False), ("cls", True)]:
        model.pool.mode = mode
        model.normalize = norm
        e = encode(ids, mask)
        print(mode, norm, round(e.norm(dim=-1).sum().item(), 4))
