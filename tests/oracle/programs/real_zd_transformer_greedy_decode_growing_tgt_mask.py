"""real: PyTorch 'Language Translation with nn.Transformer' tutorial greedy_decode -- Seq2SeqTransformer with TokenEmbedding * sqrt(emb_size) and sinusoidal PositionalEncoding buffer sliced by token_embedding.size(0), model.encode(src, src_mask) once, then loop: tgt_mask = generate_square_subsequent_mask(ys.size(0)).type(torch.bool), out = model.decode(ys, memory, tgt_mask), prob = generator(out[:, -1]), next_word = next_word.item(), ys = torch.cat([...]), break on EOS; compiled encode and decode."""
import math
import torch
import torch.nn as nn
from torch.nn import Transformer
torch.manual_seed(0)
BOS_IDX, EOS_IDX = 2, 3


class PositionalEncoding(nn.Module):
    def __init__(self, emb_size, dropout, maxlen=64):
        super().__init__()
        den = torch.exp(- torch.arange(0, emb_size, 2) * math.log(10000) / emb_size)
        pos = torch.arange(0, maxlen).reshape(maxlen, 1)
        pos_embedding = torch.zeros((maxlen, emb_size))
        pos_embedding[:, 0::2] = torch.sin(pos * den)
        pos_embedding[:, 1::2] = torch.cos(pos * den)
        pos_embedding = pos_embedding.unsqueeze(-2)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer('pos_embedding', pos_embedding)

    def forward(self, token_embedding):
        return self.dropout(token_embedding + self.pos_embedding[:token_embedding.size(0), :])


class TokenEmbedding(nn.Module):
    def __init__(self, vocab_size, emb_size):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_size)
        self.emb_size = emb_size

    def forward(self, tokens):
        return self.embedding(tokens.long()) * math.sqrt(self.emb_size)


class Seq2SeqTransformer(nn.Module):
    def __init__(self, n_enc, n_dec, emb_size, nhead, src_vocab, tgt_vocab, dim_ff=32, dropout=0.1):
        super().__init__()
        self.transformer = Transformer(d_model=emb_size, nhead=nhead, num_encoder_layers=n_enc,
                                       num_decoder_layers=n_dec, dim_feedforward=dim_ff, dropout=dropout)
        self.generator = nn.Linear(emb_size, tgt_vocab)
        self.src_tok_emb = TokenEmbedding(src_vocab, emb_size)
        self.tgt_tok_emb = TokenEmbedding(tgt_vocab, emb_size)
        self.positional_encoding = PositionalEncoding(emb_size, dropout=dropout)

    def encode(self, src, src_mask):
        return self.transformer.encoder(self.positional_encoding(self.src_tok_emb(src)), src_mask)

    def decode(self, tgt, memory, tgt_mask):
        return self.transformer.decoder(self.positional_encoding(self.tgt_tok_emb(tgt)), memory, tgt_mask)


def generate_square_subsequent_mask(sz):
    mask = (torch.triu(torch.ones((sz, sz))) == 1).transpose(0, 1)
    return mask.float().masked_fill(mask == 0, float('-inf')).masked_fill(mask == 1, float(0.0))


model = Seq2SeqTransformer(1, 1, 16, 2, 30, 30).eval()
encode = torch.compile(model.encode, backend="eager")
decode = torch.compile(model.decode, backend="eager")


def greedy_decode(src, src_mask, max_len, start_symbol):
    memory = encode(src, src_mask)
    ys = torch.ones(1, 1).fill_(start_symbol).type(torch.long)
    for i in range(max_len - 1):
        tgt_mask = (generate_square_subsequent_mask(ys.size(0)).type(torch.bool))
        out = decode(ys, memory, tgt_mask)
        out = out.transpose(0, 1)
        prob = model.generator(out[:, -1])
        _, next_word = torch.max(prob, dim=1)
        next_word = next_word.item()
        ys = torch.cat([ys, torch.ones(1, 1).type_as(src.data).fill_(next_word)], dim=0)
        if next_word == EOS_IDX:
            break
    return ys


with torch.no_grad():
    for n in (5, 7):
        src = torch.randint(4, 30, (n, 1))
        src_mask = (torch.zeros(n, n)).type(torch.bool)
        print(greedy_decode(src, src_mask, max_len=n + 3, start_symbol=BOS_IDX).flatten().tolist())
