"""real: char-level RNN sampling: a compiled step(model, char_idx, hidden, temperature) runs one LSTM step and returns softmax(logits / temperature) and the new hidden state; the Python loop samples from it with torch.multinomial (seeded generator) and the script generates with temperature 1.0, then 0.5, then 1.2 -- karpathy char-rnn / pytorch char-rnn-generation tutorial."""
import torch
import torch.nn as nn
torch.manual_seed(0)
V = 10


class CharRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, 8)
        self.lstm = nn.LSTM(8, 8)
        self.out = nn.Linear(8, V)

    def forward(self, x, hidden):
        out, hidden = self.lstm(self.emb(x).view(1, 1, -1), hidden)
        return self.out(out.view(1, -1)), hidden


@torch.compile
def step(model, c, hidden, temperature):
    logits, hidden = model(c, hidden)
    return torch.softmax(logits / temperature, dim=-1), hidden


model = CharRNN().eval()
gen = torch.Generator().manual_seed(1)
with torch.no_grad():
    for temperature in (1.0, 0.5, 1.2):
        hidden = (torch.zeros(1, 1, 8), torch.zeros(1, 1, 8))
        c = torch.tensor([0])
        chars, pmax = [], []
        for _ in range(4):
            probs, hidden = step(model, c, hidden, temperature)
            c = torch.multinomial(probs[0], 1, generator=gen)
            chars.append(int(c))
            pmax.append(round(probs.max().item(), 4))
        print(temperature, chars, pmax)
