"""real: a global implementation switch kept as a class attribute on a base module class (BasicTransformerBlock-style `class AttentionBase(nn.Module): use_memory_efficient = False; upcast_softmax = True`) and read through instances of subclasses; the script flips the switches on the base class (AttentionBase.upcast_softmax = False, as a library's set_xxx() helper does), affecting every subclass instance of the compiled model -- diffusers/ldm-style class-level attention switches (ldm CrossAttention, xformers toggles)."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class AttentionBase(nn.Module):
    use_memory_efficient = False
    upcast_softmax = True
    scale_shift = 0.0


class SelfAttention(AttentionBase):
    def __init__(self, d=8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        if self.use_memory_efficient:
            h = nn.functional.scaled_dot_product_attention(q, k, v)
        else:
            att = q @ k.transpose(-1, -2) * (q.shape[-1] ** -0.5) + self.scale_shift
            if self.upcast_softmax:
                att = att.double().softmax(-1).float()
            else:
                att = (att * 0.5).softmax(-1)
            h = att @ v
        return self.out(h)


class CrossAttention(SelfAttention):
    pass


model = nn.Sequential(SelfAttention(), CrossAttention()).eval()
cm = torch.compile(model)
x = torch.randn(1, 4, 8)
with torch.no_grad():
    print("a", round(cm(x).sum().item(), 4))
    AttentionBase.upcast_softmax = False
    print("b", round(cm(x).sum().item(), 4))
    AttentionBase.scale_shift = 1.0
    print("c", round(cm(x).sum().item(), 4))
    AttentionBase.use_memory_efficient = True
    print("d", round(cm(x).sum().item(), 4))
