"""real: HF DistilBertForSequenceClassification (tiny config, dropout 0.2, seq_classif_dropout 0.3) compiled: two seeded train steps (dropout masks drawn inside the graph), model.eval() scoring under no_grad, model.train() for one more step, then eval again on a padded batch (torch._inductor.config.fallback_random = True so compiled dropout draws the eager RNG stream) -- transformers fine-tune/evaluate epoch loop."""
import torch
import torch._inductor.config
from transformers import DistilBertConfig, DistilBertForSequenceClassification
torch.manual_seed(0)
torch._inductor.config.fallback_random = True

config = DistilBertConfig(vocab_size=64, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=32,
                          num_labels=2, dropout=0.2, attention_dropout=0.2, seq_classif_dropout=0.3)
model = DistilBertForSequenceClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
ids = torch.tensor([[2, 5, 7, 9, 3], [2, 11, 13, 17, 3]])
labels = torch.tensor([1, 0])
padded = torch.tensor([[2, 5, 7, 3, 0, 0], [2, 11, 13, 17, 19, 3]])


def train_step(step):
    model.train()
    torch.manual_seed(100 + step)
    out = cmodel(input_ids=ids, labels=labels)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", step, round(out.loss.item(), 4))


def evaluate(x):
    model.eval()
    with torch.no_grad():
        out = cmodel(input_ids=x, attention_mask=(x != 0).long())
    print("eval", tuple(x.shape), round(out.logits.sum().item(), 4))


train_step(0)
train_step(1)
evaluate(ids)
train_step(2)
evaluate(padded)
