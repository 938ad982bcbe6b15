"""real: word-language-model RNNModel('GRU') compiled; train over bptt chunks (batch 4, repackage_hidden, clip_grad_norm_, p.data.add_ with a float lr), then evaluate() with eval_batch_size 2, init_hidden from next(self.parameters()).new_zeros, and a shorter last chunk, lr annealed between epochs -- pytorch/examples word_language_model/main.py train()/evaluate()."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class RNNModel(nn.Module):
    def __init__(self, rnn_type, ntoken, ninp, nhid, nlayers, dropout=0.0):
        super().__init__()
        self.ntoken = ntoken
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = getattr(nn, rnn_type)(ninp, nhid, nlayers, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)
        self.rnn_type, self.nhid, self.nlayers = rnn_type, nhid, nlayers

    def forward(self, input, hidden):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        output = self.drop(output)
        decoded = self.decoder(output).view(-1, self.ntoken)
        return torch.log_softmax(decoded, dim=1), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        if self.rnn_type == 'LSTM':
            return (weight.new_zeros(self.nlayers, bsz, self.nhid), weight.new_zeros(self.nlayers, bsz, self.nhid))
        return weight.new_zeros(self.nlayers, bsz, self.nhid)


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    return data.narrow(0, 0, nbatch * bsz).view(bsz, -1).t().contiguous()


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


bptt, ntokens = 5, 30
train_data = batchify(torch.randint(0, ntokens, (52,)), 4)   # 13 x 4
val_data = batchify(torch.randint(0, ntokens, (24,)), 2)     # 12 x 2
model = RNNModel('GRU', ntokens, 8, 8, 2)
cmodel = torch.compile(model)
criterion = nn.NLLLoss()


def get_batch(source, i):
    seq_len = min(bptt, len(source) - 1 - i)
    return source[i:i + seq_len], source[i + 1:i + 1 + seq_len].view(-1)


def train(lr):
    model.train()
    hidden = model.init_hidden(4)
    for i in range(0, train_data.size(0) - 1, bptt):
        data, targets = get_batch(train_data, i)
        model.zero_grad()
        hidden = repackage_hidden(hidden)
        output, hidden = cmodel(data, hidden)
        loss = criterion(output, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
        for p in model.parameters():
            p.data.add_(p.grad, alpha=-lr)


def evaluate(data_source):
    model.eval()
    total_loss = 0.
    hidden = model.init_hidden(2)
    with torch.no_grad():
        for i in range(0, data_source.size(0) - 1, bptt):
            data, targets = get_batch(data_source, i)
            output, hidden = cmodel(data, hidden)
            hidden = repackage_hidden(hidden)
            total_loss += len(data) * criterion(output, targets).item()
    return total_loss / (len(data_source) - 1)


lr = 4.0
for epoch in range(2):
    train(lr)
    val_loss = evaluate(val_data)
    print(epoch, round(val_loss, 3))
    lr /= 4.0
