# An nn.LSTM called inside the compiled forward: Dynamo refuses to wrap it
# (gb0014 "Attempted to wrap RNN, GRU, or LSTM") and gives up on the whole
# frame, even the embedding before it (pytorch/examples word_language_model;
# 0 graphs and the forward skipped under the real Dynamo of torch 2.13). dynx
# reports the break, no graphs, and runs the later calls unrecorded.
# expect-graphs: 0
# expect-entries: 1
# expect-hits: 0
# expect-breaks: rnn@21
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 8)
        self.rnn = nn.LSTM(8, 8)

    def forward(self, x):
        return self.rnn(self.emb(x))[0].sum()


torch.manual_seed(0)
m = torch.compile(Model())
for _ in range(2):
    m(torch.randint(0, 20, (5, 2)))
