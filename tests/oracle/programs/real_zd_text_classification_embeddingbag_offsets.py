"""real: PyTorch 'Text classification with the torchtext library' tutorial -- TextClassificationModel(nn.EmbeddingBag(vocab, embed_dim, sparse=False) + fc), init_weights uniform_, collate_batch building text list + offsets via torch.tensor(offsets[:-1]).cumsum(dim=0), train() with clip_grad_norm_(0.1) and SGD + StepLR(1, gamma=0.1), evaluate() under no_grad accumulating (predicted_label.argmax(1) == label).sum().item()."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class TextClassificationModel(nn.Module):
    def __init__(self, vocab_size, embed_dim, num_class):
        super(TextClassificationModel, self).__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, embed_dim, sparse=False)
        self.fc = nn.Linear(embed_dim, num_class)
        self.init_weights()

    def init_weights(self):
        initrange = 0.5
        self.embedding.weight.data.uniform_(-initrange, initrange)
        self.fc.weight.data.uniform_(-initrange, initrange)
        self.fc.bias.data.zero_()

    def forward(self, text, offsets):
        embedded = self.embedding(text, offsets)
        return self.fc(embedded)


def collate_batch(batch):
    label_list, text_list, offsets = [], [], [0]
    for _label, _text in batch:
        label_list.append(_label)
        processed_text = torch.tensor(_text, dtype=torch.int64)
        text_list.append(processed_text)
        offsets.append(processed_text.size(0))
    label_list = torch.tensor(label_list, dtype=torch.int64)
    offsets = torch.tensor(offsets[:-1]).cumsum(dim=0)
    text_list = torch.cat(text_list)
    return label_list, text_list, offsets


g = torch.Generator().manual_seed(1)
data = [(int(torch.randint(0, 4, (1,), generator=g)), torch.randint(0, 40, (int(torch.randint(2, 7, (1,), generator=g)),), generator=g).tolist()) for _ in range(14)]
model = TextClassificationModel(40, 8, 4)
cmodel = torch.compile(model, backend="eager")
criterion = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=5)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1.0, gamma=0.1)
for epoch in range(2):
    model.train()
    for i in range(0, 10, 4):
        label, text, offsets = collate_batch(data[i:i + 4])
        optimizer.zero_grad()
        loss = criterion(cmodel(text, offsets), label)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.1)
        optimizer.step()
    scheduler.step()
    model.eval()
    total_acc, total_count = 0, 0
    with torch.no_grad():
        label, text, offsets = collate_batch(data[10:])
        predicted_label = cmodel(text, offsets)
        total_acc += (predicted_label.argmax(1) == label).sum().item()
        total_count += label.size(0)
    print(epoch, round(loss.item(), 4), total_acc / total_count)
