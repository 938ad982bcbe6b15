"""real: Translator (nn.Transformer with src/tgt embeddings, PositionalEncoding buffer) trained with create_mask (causal tgt mask, padding masks from == PAD_IDX), then greedy decode with a compiled decode step and a growing ys -- pytorch/examples language_translation."""
import math
import torch
import torch.nn as nn
torch.manual_seed(0)

PAD_IDX, BOS_IDX, EOS_IDX = 1, 2, 15

class PositionalEncoding(nn.Module):
    def __init__(self, emb_size, dropout, maxlen=32):
        super().__init__()
        den = torch.exp(-torch.arange(0, emb_size, 2) * math.log(10000) / emb_size)
        pos = torch.arange(0, maxlen).reshape(maxlen, 1)
        pe = torch.zeros((maxlen, emb_size))
        pe[:, 0::2], pe[:, 1::2] = torch.sin(pos * den), torch.cos(pos * den)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("pos_embedding", pe.unsqueeze(-2))

    def forward(self, token_embedding):
        return self.dropout(token_embedding + self.pos_embedding[:token_embedding.size(0), :])

class Translator(nn.Module):
    def __init__(self, vocab=16, d=16):
        super().__init__()
        self.src_embedding, self.tgt_embedding = nn.Embedding(vocab, d), nn.Embedding(vocab, d)
        self.pos_enc = PositionalEncoding(d, 0.1)
        self.transformer = nn.Transformer(d_model=d, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=32, dropout=0.1)
        self.ff = nn.Linear(d, vocab)

    def forward(self, src, trg, src_mask, tgt_mask, src_padding_mask, tgt_padding_mask, memory_key_padding_mask):
        outs = self.transformer(self.pos_enc(self.src_embedding(src)), self.pos_enc(self.tgt_embedding(trg)), src_mask, tgt_mask,
                                None, src_padding_mask, tgt_padding_mask, memory_key_padding_mask)
        return self.ff(outs)

def create_mask(src, tgt):
    src_seq_len, tgt_seq_len = src.shape[0], tgt.shape[0]
    tgt_mask = nn.Transformer.generate_square_subsequent_mask(tgt_seq_len)
    src_mask = torch.zeros((src_seq_len, src_seq_len)).type(torch.bool)
    return src_mask, tgt_mask, (src == PAD_IDX).transpose(0, 1), (tgt == PAD_IDX).transpose(0, 1)

model = Translator()
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = nn.CrossEntropyLoss(ignore_index=PAD_IDX)
for _ in range(2):
    src, tgt = torch.randint(4, 16, (6, 2)), torch.randint(4, 16, (5, 2))
    src[-1, 1] = PAD_IDX
    tgt_input = tgt[:-1, :]
    src_mask, tgt_mask, src_pad, tgt_pad = create_mask(src, tgt_input)
    logits = cmodel(src, tgt_input, src_mask, tgt_mask, src_pad, tgt_pad, src_pad)
    loss = loss_fn(logits.reshape(-1, logits.shape[-1]), tgt[1:, :].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()

@torch.compile
def decode(ys, memory):
    tgt_mask = nn.Transformer.generate_square_subsequent_mask(ys.size(0)).type(torch.bool)
    out = model.transformer.decoder(model.pos_enc(model.tgt_embedding(ys)), memory, tgt_mask)
    return model.ff(out[-1])

model.eval()
with torch.no_grad():
    src = torch.randint(4, 16, (6, 1))
    memory = model.transformer.encoder(model.pos_enc(model.src_embedding(src)))
    ys = torch.full((1, 1), BOS_IDX, dtype=torch.long)
    for i in range(4):
        next_word = decode(ys, memory).argmax(dim=1).item()
        ys = torch.cat([ys, torch.full((1, 1), next_word, dtype=torch.long)], dim=0)
        if next_word == EOS_IDX:
            break
