"""real: HF Trainer.training_step/compute_loss shape with a compiled BertForSequenceClassification: inputs dict from a collator is splatted as model(**inputs); the first two batches come from a pair-task collator (input_ids, token_type_ids, attention_mask, labels) and the later ones from a single-sentence collator without token_type_ids; last batch shorter; loss = outputs["loss"] if isinstance(outputs, dict) else outputs[0], scaled by 1/gradient_accumulation_steps."""
import torch
from transformers import BertConfig, BertForSequenceClassification

torch.manual_seed(0)
config = BertConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                    max_position_embeddings=32, num_labels=3, attn_implementation="eager")
model = BertForSequenceClassification(config)
model.train()
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
gradient_accumulation_steps = 2


def compute_loss(model, inputs):
    outputs = model(**inputs)
    return outputs["loss"] if isinstance(outputs, dict) else outputs[0]


def training_step(model, inputs):
    model.train()
    loss = compute_loss(model, inputs)
    loss = loss / gradient_accumulation_steps
    loss.backward()
    return loss.detach()


def batch(bs, L, pair):
    d = {"input_ids": torch.randint(0, 64, (bs, L)), "attention_mask": torch.ones(bs, L, dtype=torch.long)}
    if pair:
        d["token_type_ids"] = (torch.arange(L) >= L // 2).long().expand(bs, L).contiguous()
    d["labels"] = torch.randint(0, 3, (bs,))
    return d


for step, inputs in enumerate([batch(4, 8, True), batch(4, 8, True), batch(4, 8, False), batch(2, 8, False)]):
    tr_loss = training_step(cmodel, inputs)
    if (step + 1) % gradient_accumulation_steps == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
    print(step, sorted(inputs), round(tr_loss.item(), 4))
