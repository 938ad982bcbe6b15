"""real: one compiled tiny char-LM used by a train step (train mode, grad on, fixed block) and, every epoch, by a no_grad eval-mode sampling loop whose context grows token by token -- the char-rnn / nanoGPT "train then sample" epoch loop."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

class TinyLM(nn.Module):
    def __init__(self, vocab=11, d=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.drop = nn.Dropout(0.1)
        self.mix = nn.Linear(d, d)
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        h = self.drop(self.emb(idx))
        h = torch.tanh(self.mix(h)).cumsum(1) / torch.arange(1, idx.shape[1] + 1).view(1, -1, 1)
        return self.head(h)

model = TinyLM()
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
cmodel = torch.compile(model)
data = torch.randint(0, 11, (64,))

def sample(prompt, n):
    model.eval()
    idx = prompt
    with torch.no_grad():
        for _ in range(n):
            logits = cmodel(idx)[:, -1, :]
            nxt = logits.argmax(-1, keepdim=True)
            idx = torch.cat([idx, nxt], dim=1)
    model.train()
    return idx

for epoch in range(2):
    for i in range(3):
        x = data[i * 8:i * 8 + 8].view(1, 8)
        y = data[i * 8 + 1:i * 8 + 9].view(1, 8)
        loss = F.cross_entropy(cmodel(x).view(-1, 11), y.view(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(epoch, sample(data[:2].view(1, 2), 4).tolist())
