"""real: speech recognition training step (deepspeech.pytorch / assembly tutorial style) -- conv front-end subsampling the time axis by 2, bidirectional GRU replaced by conv+linear here, log_softmax(2) transposed to (T, N, C), output_lengths computed from input_lengths with integer arithmetic ((len + 2*pad - k) // stride + 1), nn.CTCLoss(blank=0, zero_infinity=True); batches with different max T and lengths; greedy CTC decode collapsing repeats in python."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class SpeechModel(nn.Module):
    def __init__(self, n_feats=8, n_class=6):
        super().__init__()
        self.cnn = nn.Conv1d(n_feats, 16, kernel_size=3, stride=2, padding=1)
        self.rnn_like = nn.Sequential(nn.Conv1d(16, 16, 3, padding=1), nn.GELU())
        self.fc = nn.Linear(16, n_class)

    def get_seq_lens(self, input_length):
        m = self.cnn
        return (input_length + 2 * m.padding[0] - m.dilation[0] * (m.kernel_size[0] - 1) - 1) // m.stride[0] + 1

    def forward(self, x, lengths):
        x = F.gelu(self.cnn(x))
        x = self.rnn_like(x).transpose(1, 2)
        out = F.log_softmax(self.fc(x), dim=2)
        return out.transpose(0, 1), self.get_seq_lens(lengths)


model = SpeechModel()
cmodel = torch.compile(model, backend="eager")
criterion = nn.CTCLoss(blank=0, zero_infinity=True)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=5e-4, steps_per_epoch=4, epochs=1, anneal_strategy='linear')
for step, (T, lengths) in enumerate([(20, [20, 16, 12]), (24, [24, 20, 18]), (20, [18, 20, 9]), (16, [16, 10, 8])]):
    spec = torch.randn(3, 8, T)
    labels = torch.randint(1, 6, (3, 4))
    label_lengths = torch.tensor([4, 3, 2])
    optimizer.zero_grad()
    output, output_lengths = cmodel(spec, torch.tensor(lengths))
    loss = criterion(output, labels, output_lengths, label_lengths)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(step, round(loss.item(), 4), output_lengths.tolist())
with torch.no_grad():
    out, out_lens = cmodel(torch.randn(1, 8, 14), torch.tensor([14]))
    best = out.argmax(2).squeeze(1).tolist()
    decoded = [c for j, c in enumerate(best) if c != 0 and (j == 0 or c != best[j - 1])]
    print(decoded)
