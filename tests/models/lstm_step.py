# One graph for both steps (the second call is a hit), as under Dynamo (measured with a counting backend,
# torch 2.13). nn.LSTMCell runs in place on its own gates (add_, sigmoid_, tanh_): the native backend lowers those
# out of place.
# expect-graphs: 1
# expect-ops: 19
# expect-breaks: none
# expect-entries: 1
# expect-hits: 1
"""One step of a word-level LSTM language model (pytorch/examples
word_language_model shape, with nn.LSTMCell so that the step is one graph):
embedding, an LSTM cell carrying (h, c), dropout off, the decoder."""
import torch
import torch.nn as nn


class LSTMStep(nn.Module):
    def __init__(self, vocab=50, emb=16, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.cell = nn.LSTMCell(emb, hidden)
        self.decoder = nn.Linear(hidden, vocab)

    def forward(self, token, h, c):
        h, c = self.cell(self.embed(token), (h, c))
        return self.decoder(h).log_softmax(-1), h, c


torch.manual_seed(0)
model = torch.compile(LSTMStep().eval())
h, c = torch.zeros(4, 32), torch.zeros(4, 32)
token = torch.randint(0, 50, (4,))
with torch.no_grad():
    for _ in range(2):
        logp, h, c = model(token, h, c)
        token = logp.argmax(-1)
print(token.tolist())
