"""real: text classifier on nn.TransformerEncoder(batch_first=True, enable_nested_tensor default) with src_key_padding_mask built from pad ids (ids == pad_idx), learned positional embedding sliced by seq_len, masked mean pooling; trained, then evaluated under torch.no_grad in eval() (where TransformerEncoderLayer's fast path / nested tensor conditions are checked), two padded batch lengths."""
import torch
import torch.nn as nn
torch.manual_seed(0)
PAD = 0


class TextClassifier(nn.Module):
    def __init__(self, vocab=50, d_model=16, nhead=2, nlayers=2, max_len=32, n_cls=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model, padding_idx=PAD)
        self.pos = nn.Parameter(torch.zeros(1, max_len, d_model))
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=32, dropout=0.1, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, nlayers)
        self.head = nn.Linear(d_model, n_cls)

    def forward(self, ids):
        pad_mask = ids == PAD
        x = self.embed(ids) + self.pos[:, :ids.size(1)]
        x = self.encoder(x, src_key_padding_mask=pad_mask)
        keep = (~pad_mask).unsqueeze(-1).float()
        x = (x * keep).sum(1) / keep.sum(1).clamp(min=1)
        return self.head(x)


def make_batch(lengths, seqlen):
    ids = torch.randint(1, 50, (len(lengths), seqlen))
    for i, n in enumerate(lengths):
        ids[i, n:] = PAD
    return ids


model = TextClassifier()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
crit = nn.CrossEntropyLoss()
for step in range(3):
    model.train()
    ids = make_batch([6, 4, 3, 6], 6)
    loss = crit(cmodel(ids), torch.tensor([0, 1, 2, 1]))
    opt.zero_grad(); loss.backward(); opt.step()
    print(step, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    for lengths, seqlen in (([5, 2, 5], 5), ([7, 3], 7)):
        print(cmodel(make_batch(lengths, seqlen)).argmax(-1).tolist())
