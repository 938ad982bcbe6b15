"""real: word-language-model generation: a compiled LSTM RNNModel fed a (1, 1) input tensor refilled in place with input.fill_(word_idx) each step, hidden carried, output.squeeze().div(temperature).exp() and torch.multinomial outside -- pytorch/examples word_language_model/generate.py."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class RNNModel(nn.Module):
    def __init__(self, ntoken=25, ninp=8, nhid=8, nlayers=2):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.LSTM(ninp, nhid, nlayers)
        self.decoder = nn.Linear(nhid, ntoken)
        self.nlayers, self.nhid = nlayers, nhid

    def forward(self, input, hidden):
        output, hidden = self.rnn(self.encoder(input), hidden)
        return self.decoder(output), hidden

    def init_hidden(self, bsz):
        w = next(self.parameters())
        return (w.new_zeros(self.nlayers, bsz, self.nhid), w.new_zeros(self.nlayers, bsz, self.nhid))


model = RNNModel().eval()
cmodel = torch.compile(model)
hidden = model.init_hidden(1)
input = torch.randint(25, (1, 1), dtype=torch.long)
temperature = 1.0
words = []
with torch.no_grad():
    for i in range(6):
        output, hidden = cmodel(input, hidden)
        word_weights = output.squeeze().div(temperature).exp()
        word_idx = torch.multinomial(word_weights, 1)[0]
        input.fill_(word_idx)
        words.append(word_idx.item())
print(words)
