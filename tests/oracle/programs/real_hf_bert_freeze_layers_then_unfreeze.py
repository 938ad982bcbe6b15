"""real: HF BertForSequenceClassification (tiny config, dropout 0) compiled, fine-tuned with the embeddings and encoder layer 0 frozen (requires_grad_(False)) for two AdamW steps, then everything unfrozen for two more steps (gradual unfreezing), then eval on a smaller batch -- transformers fine-tuning with frozen lower layers."""
import torch
from transformers import BertConfig, BertForSequenceClassification
torch.manual_seed(0)

config = BertConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32, num_labels=2,
                    hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
model = BertForSequenceClassification(config).train()
for p in list(model.bert.embeddings.parameters()) + list(model.bert.encoder.layer[0].parameters()):
    p.requires_grad_(False)
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
cmodel = torch.compile(model)
ids = torch.tensor([[2, 5, 7, 9, 3], [2, 11, 13, 3, 0], [2, 4, 6, 8, 3]])
labels = torch.tensor([1, 0, 1])
for step in range(4):
    if step == 2:
        for p in model.parameters():
            p.requires_grad_(True)
    out = cmodel(input_ids=ids, attention_mask=(ids != 0).long(), labels=labels)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print(step, sum(p.requires_grad for p in model.parameters()), round(out.loss.item(), 4))
model.eval()
with torch.no_grad():
    out = cmodel(input_ids=ids[:2], attention_mask=(ids[:2] != 0).long())
    print("eval", out.logits.argmax(-1).tolist(), round(out.logits.sum().item(), 4))
