"""real: LSTM word model step with p.data.add_ updates -- pytorch/examples word_language_model shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class RNNModel(nn.Module):
    def __init__(self, ntoken=20, ninp=8, nhid=8):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid, 1)
        self.decoder = nn.Linear(nhid, ntoken)

    def forward(self, inp, hidden):
        emb = self.encoder(inp)
        output, hidden = self.rnn(emb, hidden)
        return self.decoder(output).view(-1, 20), hidden

model = RNNModel()
cmodel = torch.compile(model)
crit = nn.CrossEntropyLoss()
hidden = (torch.zeros(1, 2, 8), torch.zeros(1, 2, 8))
for step in range(3):
    data, targets = torch.randint(0, 20, (5, 2)), torch.randint(0, 20, (10,))
    hidden = tuple(h.detach() for h in hidden)
    model.zero_grad()
    out, hidden = cmodel(data, hidden)
    crit(out, targets).backward()
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-0.1)
