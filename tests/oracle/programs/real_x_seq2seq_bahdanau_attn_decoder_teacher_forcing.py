"""real: seq2seq translation with EncoderRNN (Embedding + GRU, batch_first) and AttnDecoderRNN with BahdanauAttention (Wa/Ua/Va, scores.squeeze(2).unsqueeze(1), softmax, bmm context), decoder forward looping MAX_LENGTH steps with forward_step, teacher forcing from target_tensor[:, i].unsqueeze(1) when given, else topk(1) + squeeze(-1).detach(); both encoder and decoder compiled; train_epoch with two optimizers -- PyTorch tutorial seq2seq_translation_tutorial (2023 version)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
torch.manual_seed(0)

SOS_token, EOS_token, MAX_LENGTH = 0, 1, 5


class EncoderRNN(nn.Module):
    def __init__(self, input_size, hidden_size, dropout_p=0.1):
        super().__init__()
        self.embedding = nn.Embedding(input_size, hidden_size)
        self.gru = nn.GRU(hidden_size, hidden_size, batch_first=True)
        self.dropout = nn.Dropout(dropout_p)

    def forward(self, input):
        embedded = self.dropout(self.embedding(input))
        output, hidden = self.gru(embedded)
        return output, hidden


class BahdanauAttention(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.Wa = nn.Linear(hidden_size, hidden_size)
        self.Ua = nn.Linear(hidden_size, hidden_size)
        self.Va = nn.Linear(hidden_size, 1)

    def forward(self, query, keys):
        scores = self.Va(torch.tanh(self.Wa(query) + self.Ua(keys)))
        scores = scores.squeeze(2).unsqueeze(1)
        weights = F.softmax(scores, dim=-1)
        context = torch.bmm(weights, keys)
        return context, weights


class AttnDecoderRNN(nn.Module):
    def __init__(self, hidden_size, output_size, dropout_p=0.1):
        super().__init__()
        self.embedding = nn.Embedding(output_size, hidden_size)
        self.attention = BahdanauAttention(hidden_size)
        self.gru = nn.GRU(2 * hidden_size, hidden_size, batch_first=True)
        self.out = nn.Linear(hidden_size, output_size)
        self.dropout = nn.Dropout(dropout_p)

    def forward(self, encoder_outputs, encoder_hidden, target_tensor=None):
        batch_size = encoder_outputs.size(0)
        decoder_input = torch.empty(batch_size, 1, dtype=torch.long).fill_(SOS_token)
        decoder_hidden = encoder_hidden
        decoder_outputs = []
        attentions = []
        for i in range(MAX_LENGTH):
            decoder_output, decoder_hidden, attn_weights = self.forward_step(decoder_input, decoder_hidden, encoder_outputs)
            decoder_outputs.append(decoder_output)
            attentions.append(attn_weights)
            if target_tensor is not None:
                decoder_input = target_tensor[:, i].unsqueeze(1)
            else:
                _, topi = decoder_output.topk(1)
                decoder_input = topi.squeeze(-1).detach()
        decoder_outputs = torch.cat(decoder_outputs, dim=1)
        decoder_outputs = F.log_softmax(decoder_outputs, dim=-1)
        attentions = torch.cat(attentions, dim=1)
        return decoder_outputs, decoder_hidden, attentions

    def forward_step(self, input, hidden, encoder_outputs):
        embedded = self.dropout(self.embedding(input))
        query = hidden.permute(1, 0, 2)
        context, attn_weights = self.attention(query, encoder_outputs)
        input_gru = torch.cat((embedded, context), dim=2)
        output, hidden = self.gru(input_gru, hidden)
        output = self.out(output)
        return output, hidden, attn_weights


in_vocab, out_vocab, hidden = 15, 12, 16
encoder = torch.compile(EncoderRNN(in_vocab, hidden))
decoder = torch.compile(AttnDecoderRNN(hidden, out_vocab))
encoder_optimizer = optim.Adam(encoder.parameters(), lr=1e-3)
decoder_optimizer = optim.Adam(decoder.parameters(), lr=1e-3)
criterion = nn.NLLLoss()
for epoch in range(3):
    input_tensor = torch.randint(2, in_vocab, (4, MAX_LENGTH))
    target_tensor = torch.randint(2, out_vocab, (4, MAX_LENGTH))
    encoder_optimizer.zero_grad()
    decoder_optimizer.zero_grad()
    encoder_outputs, encoder_hidden = encoder(input_tensor)
    decoder_outputs, _, _ = decoder(encoder_outputs, encoder_hidden, target_tensor)
    loss = criterion(decoder_outputs.view(-1, decoder_outputs.size(-1)), target_tensor.view(-1))
    loss.backward()
    encoder_optimizer.step()
    decoder_optimizer.step()
    print(epoch, round(loss.item(), 4))
encoder.eval()
decoder.eval()
with torch.no_grad():
    encoder_outputs, encoder_hidden = encoder(torch.randint(2, in_vocab, (1, MAX_LENGTH)))
    decoder_outputs, decoder_hidden, decoder_attn = decoder(encoder_outputs, encoder_hidden)
    _, topi = decoder_outputs.topk(1)
    decoded_ids = topi.squeeze()
    words = []
    for idx in decoded_ids:
        if idx.item() == EOS_token:
            words.append('<EOS>')
            break
        words.append(idx.item())
print(words, tuple(decoder_attn.shape))
