# An nn.LSTM inside a module's forward that a compiled step function calls
# (char-rnn sampling): Dynamo, inlining the forward, breaks at the LSTM, at
# the call in step, and goes on after it in a resume function of step (the
# softmax over logits / temperature: one graph, recompiled once for the new
# temperature); the forward, compiled as a frame of its own, fails at the
# LSTM again and is skipped as a whole (torch 2.13: 2 graphs, 1 recompile,
# forward skipped -- tests/oracle real_char_rnn_sampling_temperature_arg).
# expect-graphs: 2
# expect-breaks: rnn@25 rnn@25
# expect-resume-reason: temperature == 1.0
import torch
import torch.nn as nn

torch.manual_seed(0)


class CharRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8)
        self.lstm = nn.LSTM(8, 8)
        self.out = nn.Linear(8, 10)

    def forward(self, x, hidden):
        out, hidden = self.lstm(self.emb(x).view(1, 1, -1), hidden)
        return self.out(out.view(1, -1)), hidden


@torch.compile
def step(model, c, hidden, temperature):
    logits, hidden = model(c, hidden)
    return torch.softmax(logits / temperature, dim=-1), hidden


model = CharRNN().eval()
with torch.no_grad():
    for temperature in (1.0, 1.0, 0.5):
        hidden = (torch.zeros(1, 1, 8), torch.zeros(1, 1, 8))
        probs, hidden = step(model, torch.tensor([3]), hidden, temperature)
        print(temperature, probs.argmax().item())
