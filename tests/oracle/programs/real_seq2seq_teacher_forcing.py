"""real: seq2seq GRUCell decoder loop over max_length with teacher forcing (target given) vs greedy topk feedback (target None), chosen by random.random() < ratio per batch -- PyTorch seq2seq translation tutorial AttnDecoderRNN/train loop."""
import random
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
random.seed(0)

SOS_token, MAX_LENGTH = 0, 4

class Encoder(nn.Module):
    def __init__(self, vocab=12, hidden=16):
        super().__init__()
        self.embedding, self.cell = nn.Embedding(vocab, hidden), nn.GRUCell(hidden, hidden)

    def forward(self, src):
        h = torch.zeros(src.size(0), self.cell.hidden_size)
        for t in range(src.size(1)):
            h = self.cell(self.embedding(src[:, t]), h)
        return h

class Decoder(nn.Module):
    def __init__(self, vocab=12, hidden=16):
        super().__init__()
        self.embedding, self.cell, self.out = nn.Embedding(vocab, hidden), nn.GRUCell(hidden, hidden), nn.Linear(hidden, vocab)

    def forward(self, encoder_hidden, target_tensor=None):
        decoder_input = torch.full((encoder_hidden.size(0),), SOS_token, dtype=torch.long)
        h, outputs = encoder_hidden, []
        for i in range(MAX_LENGTH):
            h = self.cell(F.relu(self.embedding(decoder_input)), h)
            out = self.out(h)
            outputs.append(out)
            if target_tensor is not None:
                decoder_input = target_tensor[:, i]
            else:
                _, topi = out.topk(1)
                decoder_input = topi.squeeze(-1).detach()
        return F.log_softmax(torch.stack(outputs, 1), dim=-1)

encoder, decoder = torch.compile(Encoder()), torch.compile(Decoder())
params = list(encoder.parameters()) + list(decoder.parameters())
opt = torch.optim.SGD(params, lr=0.1)
for _ in range(4):
    src, tgt = torch.randint(1, 12, (2, 5)), torch.randint(1, 12, (2, MAX_LENGTH))
    use_teacher_forcing = random.random() < 0.5
    out = decoder(encoder(src), tgt if use_teacher_forcing else None)
    loss = F.nll_loss(out.view(-1, 12), tgt.view(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
