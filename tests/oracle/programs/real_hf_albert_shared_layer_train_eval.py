"""real: HF AlbertForSequenceClassification (tiny config, one shared layer group used by both layers, factorized embedding 16->32) compiled, AdamW train steps with labels, then model.eval() with a smaller batch and token_type_ids -- transformers ALBERT GLUE fine-tuning."""
import torch
from transformers import AlbertConfig, AlbertForSequenceClassification
torch.manual_seed(0)

config = AlbertConfig(vocab_size=100, embedding_size=16, hidden_size=32, num_hidden_layers=2,
                      num_hidden_groups=1, num_attention_heads=2, intermediate_size=64,
                      max_position_embeddings=32, num_labels=2, hidden_dropout_prob=0.0,
                      attention_probs_dropout_prob=0.0, classifier_dropout_prob=0.0)
model = AlbertForSequenceClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
model.train()
for step in range(3):
    ids = torch.randint(5, 100, (4, 8))
    out = cmodel(input_ids=ids, attention_mask=torch.ones_like(ids), labels=torch.tensor([0, 1, 1, 0]))
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", step, round(out.loss.item(), 3))
model.eval()
with torch.no_grad():
    ids = torch.randint(5, 100, (2, 8))
    tt = torch.zeros_like(ids)
    tt[:, 4:] = 1
    logits = cmodel(input_ids=ids, token_type_ids=tt).logits
    print("eval", logits.argmax(-1).tolist(), round(logits.abs().sum().item(), 2))
