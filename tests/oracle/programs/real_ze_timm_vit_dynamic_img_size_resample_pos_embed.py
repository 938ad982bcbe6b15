"""real: timm VisionTransformer with dynamic_img_size=True -- PatchEmbed(output_fmt NHWC, strict_img_size=False) , _pos_embed calling resample_abs_pos_embed(pos_embed, (H, W), num_prefix_tokens=1) which F.interpolate(bicubic)s the grid only when new_size != old_size, LayerScale(init_values) gamma, DropPath with drop_prob and scale_by_keep, Attention with fused_attn flag; trained at 16x16 then evaluated on 24x24 / 16x24 images."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def resample_abs_pos_embed(posemb, new_size, old_size=None, num_prefix_tokens=1, interpolation='bicubic', antialias=True):
    num_pos_tokens = posemb.shape[1]
    num_new_tokens = new_size[0] * new_size[1] + num_prefix_tokens
    if num_new_tokens == num_pos_tokens and new_size[0] == new_size[1]:
        return posemb
    if old_size is None:
        hw = int(math.sqrt(num_pos_tokens - num_prefix_tokens))
        old_size = hw, hw
    if num_prefix_tokens:
        posemb_prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    else:
        posemb_prefix, posemb = None, posemb
    embed_dim = posemb.shape[-1]
    posemb = posemb.reshape(1, old_size[0], old_size[1], -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode=interpolation, antialias=antialias)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, embed_dim)
    if posemb_prefix is not None:
        posemb = torch.cat([posemb_prefix, posemb], dim=1)
    return posemb


def drop_path(x, drop_prob: float = 0., training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0. or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training, True)


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, inplace=False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


class Block(nn.Module):
    def __init__(self, dim, heads, dpr):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, dim * 3), nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.ls1, self.ls2 = LayerScale(dim), LayerScale(dim)
        self.drop_path1, self.drop_path2 = DropPath(dpr), DropPath(dpr)
        self.fused_attn = True

    def attn(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        if self.fused_attn:
            x = F.scaled_dot_product_attention(q, k, v)
        else:
            x = (q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5).softmax(-1) @ v
        return self.proj(x.transpose(1, 2).reshape(B, N, C))

    def forward(self, x):
        x = x + self.drop_path1(self.ls1(self.attn(self.norm1(x))))
        return x + self.drop_path2(self.ls2(self.mlp(self.norm2(x))))


class ViT(nn.Module):
    def __init__(self, img=16, patch=4, dim=32, depth=2, heads=4, ncls=5, drop_path_rate=0.1):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, (img // patch) ** 2 + 1, dim) * .02)
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.Sequential(*[Block(dim, heads, dpr[i]) for i in range(depth)])
        self.norm, self.head = nn.LayerNorm(dim), nn.Linear(dim, ncls)

    def forward(self, x):
        x = self.proj(x).permute(0, 2, 3, 1)  # NHWC
        B, H, W, C = x.shape
        pos_embed = resample_abs_pos_embed(self.pos_embed, (H, W), num_prefix_tokens=1)
        x = x.view(B, -1, C)
        x = torch.cat([self.cls_token.expand(B, -1, -1), x], dim=1) + pos_embed
        x = self.norm(self.blocks(x))
        return self.head(x[:, 0])


model = ViT()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(3):
    x, y = torch.randn(4, 3, 16, 16), torch.randint(0, 5, (4,))
    loss = F.cross_entropy(cmodel(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
print(round(loss.item(), 3))
model.eval()
with torch.no_grad():
    for hw in [(16, 16), (24, 24), (16, 24)]:
        print(hw, cmodel(torch.randn(2, 3, *hw)).argmax(-1).tolist())
