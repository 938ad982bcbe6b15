"""real: word-language-model TransformerModel (nn.Transformer subclass, cached self.src_mask rebuilt when len(src) changes, PositionalEncoding buffer), bptt batches with a shorter last one, clip_grad_norm_ + p.data.add_, then eval -- pytorch/examples word_language_model/model.py + main.py."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class PositionalEncoding(nn.Module):
    def __init__(self, d_model, dropout=0.1, max_len=64):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout)
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.register_buffer("pe", pe.unsqueeze(0).transpose(0, 1))

    def forward(self, x):
        return self.dropout(x + self.pe[:x.size(0), :])

class TransformerModel(nn.Transformer):
    def __init__(self, ntoken=30, ninp=16, nhead=2, nhid=32, nlayers=1):
        super().__init__(d_model=ninp, nhead=nhead, dim_feedforward=nhid, num_encoder_layers=nlayers, num_decoder_layers=1)
        self.src_mask = None
        self.pos_encoder = PositionalEncoding(ninp)
        self.input_emb = nn.Embedding(ntoken, ninp)
        self.ninp = ninp
        self.decoder = nn.Linear(ninp, ntoken)

    def _generate_square_subsequent_mask(self, sz):
        return torch.log(torch.tril(torch.ones(sz, sz)))

    def forward(self, src, has_mask=True):
        if has_mask:
            if self.src_mask is None or self.src_mask.size(0) != len(src):
                self.src_mask = self._generate_square_subsequent_mask(len(src)).to(src.device)
        else:
            self.src_mask = None
        src = self.pos_encoder(self.input_emb(src) * math.sqrt(self.ninp))
        output = self.encoder(src, mask=self.src_mask)
        return F.log_softmax(self.decoder(output), dim=-1)

def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    return data[:nbatch * bsz].view(bsz, -1).t().contiguous()

def get_batch(source, i, bptt=5):
    seq_len = min(bptt, len(source) - 1 - i)
    return source[i:i + seq_len], source[i + 1:i + 1 + seq_len].view(-1)

model = TransformerModel()
cmodel = torch.compile(model)
criterion = nn.NLLLoss()
train_data = batchify(torch.randint(0, 30, (26,)), 2)  # 13 x 2: batches of 5, 5, 2
for i in range(0, train_data.size(0) - 1, 5):
    data, targets = get_batch(train_data, i)
    model.zero_grad()
    loss = criterion(cmodel(data).view(-1, 30), targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-0.1)
model.eval()
with torch.no_grad():
    data, targets = get_batch(train_data, 0)
    criterion(cmodel(data).view(-1, 30), targets).item()
