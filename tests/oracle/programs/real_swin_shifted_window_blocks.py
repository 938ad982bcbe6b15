"""real: Swin-style transformer stage: two blocks of one class, the second with shift_size>0 (torch.roll + attention mask built with Python slices), compiled stage called on two resolutions -- timm/torchvision SwinTransformerBlock shifted window attention."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

def window_partition(x, ws):
    B, H, W, C = x.shape
    x = x.view(B, H // ws, ws, W // ws, ws, C)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)

def window_reverse(w, ws, H, W):
    C = w.shape[-1]
    B = w.shape[0] // ((H // ws) * (W // ws))
    x = w.view(B, H // ws, W // ws, ws, ws, C)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)

class SwinBlock(nn.Module):
    def __init__(self, dim, heads, ws, shift):
        super().__init__()
        self.ws, self.shift, self.heads = ws, shift, heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def attn_mask(self, H, W):
        if self.shift == 0:
            return None
        img = torch.zeros(1, H, W, 1)
        cnt = 0
        for hs in (slice(0, -self.ws), slice(-self.ws, -self.shift), slice(-self.shift, None)):
            for wsl in (slice(0, -self.ws), slice(-self.ws, -self.shift), slice(-self.shift, None)):
                img[:, hs, wsl, :] = cnt
                cnt += 1
        mw = window_partition(img, self.ws).squeeze(-1)
        m = mw.unsqueeze(1) - mw.unsqueeze(2)
        return m.masked_fill(m != 0, -100.0).masked_fill(m == 0, 0.0)

    def forward(self, x):
        B, H, W, C = x.shape
        sc = x
        x = self.norm1(x)
        if self.shift > 0:
            x = torch.roll(x, shifts=(-self.shift, -self.shift), dims=(1, 2))
        win = window_partition(x, self.ws)
        n = win.shape[1]
        qkv = self.qkv(win).reshape(-1, n, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = (q @ k.transpose(-2, -1)) * (C // self.heads) ** -0.5
        mask = self.attn_mask(H, W)
        if mask is not None:
            nw = mask.shape[0]
            att = att.view(-1, nw, self.heads, n, n) + mask.unsqueeze(1).unsqueeze(0)
            att = att.view(-1, self.heads, n, n)
        out = (att.softmax(-1) @ v).transpose(1, 2).reshape(-1, n, C)
        x = window_reverse(self.proj(out), self.ws, H, W)
        if self.shift > 0:
            x = torch.roll(x, shifts=(self.shift, self.shift), dims=(1, 2))
        x = sc + x
        return x + self.mlp(self.norm2(x))

stage = nn.Sequential(SwinBlock(8, 2, 2, 0), SwinBlock(8, 2, 2, 1)).eval()
cstage = torch.compile(stage)
with torch.no_grad():
    for hw in (4, 4, 6):
        x = torch.randn(1, hw, hw, 8)
        print(hw, round(cstage(x).sum().item(), 4), round(stage(x).sum().item(), 4))
