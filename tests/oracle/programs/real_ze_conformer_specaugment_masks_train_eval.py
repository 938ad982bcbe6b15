"""real: Conformer encoder (sooftware/conformer, torchaudio-style) with SpecAugment in forward while training -- freq/time masks drawn with random.randint in python loops (`for _ in range(self.num_time_masks): t = random.randint(0, self.time_mask_param); t0 = random.randint(0, T - t); x[:, t0:t0 + t, :] = 0`), Conv2dSubsampling (two stride-2 convs, output length (L - 1) // 2 ...), ConformerConvModule (pointwise -> GLU -> depthwise -> BatchNorm -> SiLU -> pointwise), macaron half-step FFN (0.5 * ff(x)), MHSA; CTC loss training with varying utterance lengths, then eval."""
import random
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0); random.seed(0)


class SpecAugment(nn.Module):
    def __init__(self, freq_mask_param=2, time_mask_param=3, num_freq_masks=1, num_time_masks=2):
        super().__init__()
        self.freq_mask_param, self.time_mask_param = freq_mask_param, time_mask_param
        self.num_freq_masks, self.num_time_masks = num_freq_masks, num_time_masks

    def forward(self, x):
        if not self.training:
            return x
        x = x.clone()
        B, T, Fd = x.shape
        for _ in range(self.num_freq_masks):
            f = random.randint(0, self.freq_mask_param)
            f0 = random.randint(0, Fd - f)
            x[:, :, f0:f0 + f] = 0
        for _ in range(self.num_time_masks):
            t = random.randint(0, self.time_mask_param)
            t0 = random.randint(0, T - t)
            x[:, t0:t0 + t, :] = 0
        return x


class ConvModule(nn.Module):
    def __init__(self, d, k=3):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.pw1, self.dw = nn.Conv1d(d, 2 * d, 1), nn.Conv1d(d, d, k, padding=(k - 1) // 2, groups=d)
        self.bn, self.pw2 = nn.BatchNorm1d(d), nn.Conv1d(d, d, 1)

    def forward(self, x):
        h = self.ln(x).transpose(1, 2)
        h = F.glu(self.pw1(h), dim=1)
        h = self.pw2(F.silu(self.bn(self.dw(h))))
        return h.transpose(1, 2)


class ConformerBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ff1 = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.SiLU(), nn.Linear(2 * d, d))
        self.ff2 = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.SiLU(), nn.Linear(2 * d, d))
        self.ln_att, self.att = nn.LayerNorm(d), nn.MultiheadAttention(d, 2, batch_first=True)
        self.conv, self.ln_out = ConvModule(d), nn.LayerNorm(d)

    def forward(self, x):
        x = x + 0.5 * self.ff1(x)
        h = self.ln_att(x)
        x = x + self.att(h, h, h, need_weights=False)[0]
        x = x + self.conv(x)
        return self.ln_out(x + 0.5 * self.ff2(x))


class Conformer(nn.Module):
    def __init__(self, n_mels=8, d=16, vocab=10):
        super().__init__()
        self.specaug = SpecAugment()
        self.sub = nn.Sequential(nn.Conv2d(1, d, 3, 2), nn.ReLU(), nn.Conv2d(d, d, 3, 2), nn.ReLU())
        self.proj = nn.Linear(d * (((n_mels - 1) // 2 - 1) // 2), d)
        self.block = ConformerBlock(d)
        self.fc = nn.Linear(d, vocab)

    def forward(self, feats, lengths):
        x = self.sub(self.specaug(feats).unsqueeze(1))
        B, C, T, Fd = x.shape
        x = self.proj(x.permute(0, 2, 1, 3).contiguous().view(B, T, C * Fd))
        out_lengths = ((lengths - 1) // 2 - 1) // 2
        return self.fc(self.block(x)).log_softmax(-1), out_lengths


model = Conformer()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
ctc = nn.CTCLoss(blank=0, zero_infinity=True)
for T in [40, 40, 44]:
    feats, lengths = torch.randn(2, T, 8), torch.tensor([T, T - 4])
    logp, out_len = cmodel(feats, lengths)
    loss = ctc(logp.transpose(0, 1), torch.randint(1, 10, (2, 3)), out_len, torch.tensor([3, 2]))
    opt.zero_grad(); loss.backward(); opt.step()
    print(T, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    logp, out_len = cmodel(torch.randn(1, 36, 8), torch.tensor([36]))
    print(logp.argmax(-1).tolist(), out_len.tolist())
