"""real: HF RobertaForTokenClassification (tiny config) NER fine-tuning: labels aligned to padded batches with -100 on padding and special tokens, attention_mask from lengths, compiled model, then eval computing per-token accuracy over labels != -100 with predictions from logits.argmax(-1) -- transformers examples token-classification run_ner_no_trainer.py."""
import torch
from transformers import RobertaConfig, RobertaForTokenClassification
torch.manual_seed(0)

config = RobertaConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                       max_position_embeddings=40, num_labels=5, pad_token_id=1, bos_token_id=0, eos_token_id=2)
model = RobertaForTokenClassification(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)


def batch(lengths, L):
    ids = torch.full((len(lengths), L), 1, dtype=torch.long)
    labels = torch.full((len(lengths), L), -100, dtype=torch.long)
    for i, n in enumerate(lengths):
        ids[i, 0] = 0
        ids[i, 1:n + 1] = torch.randint(3, 64, (n,))
        ids[i, n + 1] = 2
        labels[i, 1:n + 1] = torch.randint(0, 5, (n,))
    return ids, (ids != 1).long(), labels


for step, lengths in enumerate(([5, 8, 3], [6, 6, 2], [8, 1, 4])):
    ids, mask, labels = batch(lengths, 10)
    out = cmodel(input_ids=ids, attention_mask=mask, labels=labels)
    out.loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad()
    print(step, round(out.loss.item(), 4))
model.eval()
with torch.no_grad():
    for lengths, L in (([4, 7], 9), ([3], 5)):
        ids, mask, labels = batch(lengths, L)
        preds = cmodel(input_ids=ids, attention_mask=mask).logits.argmax(-1)
        keep = labels != -100
        print(L, (preds[keep] == labels[keep]).sum().item(), keep.sum().item())
