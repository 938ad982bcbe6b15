"""real: late-fusion model whose compiled forward concatenates the per-modality features of a dict batch in the dict's own order (torch.cat(list(feats.values()), -1)); a second dataloader builds the dict with the keys in another order (equal dicts to Python) -- multimodal fusion over a dict of features."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Fusion(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(6, 2)

    def forward(self, feats):
        z = torch.cat(list(feats.values()), dim=-1)
        return self.head(z), list(feats.keys())


model = Fusion().eval()
cmodel = torch.compile(model)
img, txt = torch.randn(1, 4), torch.randn(1, 2) * 10
with torch.no_grad():
    a, ka = cmodel({"image": img, "text": txt})
    b, kb = cmodel({"text": txt[:, :2], "image": img})
    print(ka, kb, round(a.sum().item(), 4), round(b.sum().item(), 4))
    ref, _ = model({"text": txt, "image": img})
    print(torch.allclose(b, ref))
