"""real: stateful LSTM language model keeping its hidden state as a module attribute (self.hidden, None at the start of each epoch, rebound to detached (h, c) inside the compiled forward for truncated BPTT) -- word_language_model repackage_hidden, Keras-style stateful RNN."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class StatefulLM(nn.Module):
    def __init__(self, vocab=10, hid=6):
        super().__init__()
        self.emb = nn.Embedding(vocab, hid)
        self.rnn = nn.LSTM(hid, hid, batch_first=True)
        self.out = nn.Linear(hid, vocab)
        self.hidden = None

    def reset_state(self):
        self.hidden = None

    def forward(self, tokens):
        out, (h, c) = self.rnn(self.emb(tokens), self.hidden)
        self.hidden = (h.detach(), c.detach())
        return self.out(out)


model = StatefulLM()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
data = torch.randint(0, 10, (2, 13))
for epoch in range(2):
    model.reset_state()
    for i in range(0, 12, 4):
        x, y = data[:, i:i + 4], data[:, i + 1:i + 5]
        logits = cmodel(x)
        loss = F.cross_entropy(logits.reshape(-1, 10), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, i, round(loss.item(), 4), round(model.hidden[0].sum().item(), 4))
