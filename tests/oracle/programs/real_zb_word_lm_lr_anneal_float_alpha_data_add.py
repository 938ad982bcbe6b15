"""real: word-language-model LSTM training chunk compiled: repackage_hidden (recursive detach of the (h, c) tuple) inside, zero_grad, NLL on the flattened decoder output, backward, clip_grad_norm_(0.25) and the manual SGD update p.data.add_(p.grad, alpha=-lr) with lr a Python float argument that is annealed lr /= 4.0 after each epoch; bptt chunks of 5, 5 and a last one of 3 -- pytorch/examples word_language_model/main.py train()."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
ntokens = 30


class RNNModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Embedding(ntokens, 8)
        self.rnn = nn.LSTM(8, 8, 1)
        self.decoder = nn.Linear(8, ntokens)

    def forward(self, input, hidden):
        emb = self.encoder(input)
        output, hidden = self.rnn(emb, hidden)
        decoded = self.decoder(output).view(-1, ntokens)
        return F.log_softmax(decoded, dim=1), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        return (weight.new_zeros(1, bsz, 8), weight.new_zeros(1, bsz, 8))


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


model = RNNModel()
criterion = nn.NLLLoss()


@torch.compile(backend="eager")
def train_chunk(data, targets, hidden, lr):
    hidden = repackage_hidden(hidden)
    model.zero_grad()
    output, hidden = model(data, hidden)
    loss = criterion(output, targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-lr)
    return loss.detach(), hidden


train_data = torch.randint(0, ntokens, (14, 2))
lr = 20.0
for epoch in range(3):
    hidden = model.init_hidden(2)
    for i in range(0, 13, 5):
        seq_len = min(5, len(train_data) - 1 - i)
        data = train_data[i:i + seq_len]
        targets = train_data[i + 1:i + 1 + seq_len].reshape(-1)
        loss, hidden = train_chunk(data, targets, hidden, lr)
    print(epoch, lr, round(loss.item(), 3))
    lr /= 4.0
