"""real: streaming causal Conv1d for audio: the module keeps the last (kernel-1) input frames in self.cache (None at the start of an utterance, then a new tensor stored after every chunk); compiled module fed chunks of 4, 4, 3 frames, reset_state() between two utterances -- streaming ASR/TTS causal conv (Conformer/EnCodec streaming SConv1d state cache)."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class StreamingConv1d(nn.Module):
    def __init__(self, cin=2, cout=3, k=3):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, k)
        self.pad = k - 1
        self.cache = None

    def reset_state(self):
        self.cache = None

    def forward(self, x):
        if self.cache is None:
            ctx = x.new_zeros(x.shape[0], x.shape[1], self.pad)
        else:
            ctx = self.cache
        x = torch.cat([ctx, x], dim=-1)
        self.cache = x[..., -self.pad:].detach()
        return self.conv(x)


m = StreamingConv1d().eval()
cm = torch.compile(m)
with torch.no_grad():
    for utt in range(2):
        m.reset_state()
        wav = torch.randn(1, 2, 11)
        outs = [cm(chunk) for chunk in wav.split(4, dim=-1)]
        y = torch.cat(outs, dim=-1)
        full = m.conv(torch.cat([wav.new_zeros(1, 2, 2), wav], -1))
        print(utt, tuple(y.shape), round(y.sum().item(), 4), round((y - full).abs().max().item(), 5))
