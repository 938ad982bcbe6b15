"""real: text classifier with a bidirectional nn.GRU over pack_padded_sequence(emb, lengths, enforce_sorted=False), compiled, fed batches whose lengths lists differ -- the classic PyTorch packed-RNN sentiment classifier (bentrevett/pytorch-sentiment-analysis)."""
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 8, padding_idx=0)
        self.rnn = nn.GRU(8, 6, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(12, 2)

    def forward(self, ids, lengths):
        packed = pack_padded_sequence(self.emb(ids), lengths, batch_first=True, enforce_sorted=False)
        _, h = self.rnn(packed)
        return self.fc(torch.cat([h[-2], h[-1]], dim=-1))


model = Classifier().eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for lengths in ([5, 3, 2], [4, 4, 1], [5, 3, 2], [2, 5, 3]):
        ids = torch.randint(1, 20, (3, 5))
        for b, n in enumerate(lengths):
            ids[b, n:] = 0
        out = cmodel(ids, torch.tensor(lengths))
        ref = model(ids, torch.tensor(lengths))
        print(lengths, out.argmax(-1).tolist(), torch.allclose(out, ref, atol=1e-5))
