"""real: seq2seq GRUCell decoder with scheduled sampling: the first int(self.tf_ratio * T) steps are teacher-forced from the target, later steps feed back argmax; tf_ratio (float module attribute) is annealed per epoch; compiled decoder module -- scheduled sampling (Bengio et al.) in a seq2seq tutorial decoder."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Decoder(nn.Module):
    def __init__(self, vocab=9, hid=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, hid)
        self.cell = nn.GRUCell(hid, hid)
        self.out = nn.Linear(hid, vocab)
        self.tf_ratio = 1.0

    def forward(self, h, target):
        T = target.size(1)
        n_tf = int(self.tf_ratio * T)
        inp = torch.zeros_like(target[:, 0])
        logits = []
        for t in range(T):
            h = self.cell(self.emb(inp), h)
            lo = self.out(h)
            logits.append(lo)
            inp = target[:, t] if t < n_tf else lo.argmax(-1)
        return torch.stack(logits, 1)


dec = Decoder()
cdec = torch.compile(dec)
opt = torch.optim.Adam(dec.parameters(), lr=0.01)
target = torch.randint(1, 9, (2, 4))
h0 = torch.zeros(2, 8)
for epoch, ratio in enumerate([1.0, 0.75, 0.5, 0.5, 0.0]):
    dec.tf_ratio = ratio
    logits = cdec(h0, target)
    loss = F.cross_entropy(logits.reshape(-1, 9), target.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, ratio, round(loss.item(), 4))
