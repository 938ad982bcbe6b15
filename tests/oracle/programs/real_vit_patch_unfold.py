"""real: ViT with a PatchExtractor built inside forward (unfold/permute/view, f-string assert), MultiheadAttention encoder blocks, train then eval -- pytorch/examples vision_transformer/main.py."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class PatchExtractor(nn.Module):
    def __init__(self, patch_size=4):
        super().__init__()
        self.patch_size = patch_size

    def forward(self, x):
        b, c, h, w = x.size()
        assert h % self.patch_size == 0 and w % self.patch_size == 0, f"({h}, {w}) not divisible by {self.patch_size}"
        p = self.patch_size
        return x.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).contiguous().view(b, (h // p) * (w // p), -1)

class EncoderBlock(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.attention = nn.MultiheadAttention(d, heads, dropout=0.1)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Dropout(0.1), nn.Linear(4 * d, d))

    def forward(self, x):
        n = self.norm(x)
        x = self.attention(n, n, n)[0] + x
        return self.mlp(self.norm(x)) + x

class ViT(nn.Module):
    def __init__(self, d=16, batch=2):
        super().__init__()
        self.proj = nn.Linear(4 * 4 * 3, d)
        self.class_token = nn.Parameter(torch.randn(batch, 1, d))
        self.pos_embedding = nn.Parameter(torch.randn(batch, 1, d))
        self.encoders = nn.ModuleList([EncoderBlock(d) for _ in range(2)])
        self.head = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 10))

    def forward(self, img):
        patches = PatchExtractor(patch_size=4)(img)
        x = self.proj(patches)
        b, n, _ = x.shape
        x = torch.cat((self.class_token, x), dim=1)
        x += self.pos_embedding[:, :n + 1, :]
        for enc in self.encoders:
            x = enc(x)
        return self.head(x[:, 0])

model = ViT()
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=1e-2, weight_decay=3e-2)
crit = nn.CrossEntropyLoss()
for _ in range(2):
    images, labels = torch.rand(2, 3, 8, 8), torch.randint(0, 10, (2,))
    opt.zero_grad()
    loss = crit(cmodel(images), labels)
    loss.backward()
    opt.step()
model.eval()
crit(cmodel(torch.rand(2, 3, 8, 8)), torch.randint(0, 10, (2,))).item()
