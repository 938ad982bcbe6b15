"""real: HF BertForSequenceClassification (tiny config) compiled, fine-tuning steps with attention_mask and labels, last batch smaller -- transformers text classification fine-tuning."""
import torch
from transformers import BertConfig, BertForSequenceClassification
torch.manual_seed(0)

config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32, num_labels=3)
model = BertForSequenceClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for bs in (4, 4, 3):
    ids = torch.randint(1, 100, (bs, 10))
    mask = torch.ones(bs, 10, dtype=torch.long)
    mask[0, 7:] = 0
    out = cmodel(input_ids=ids, attention_mask=mask, labels=torch.randint(0, 3, (bs,)))
    out.loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    opt.zero_grad()
