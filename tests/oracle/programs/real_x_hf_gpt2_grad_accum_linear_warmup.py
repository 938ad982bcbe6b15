"""real: HF GPT2LMHeadModel (tiny config) fine-tuned with labels=input_ids, gradient_accumulation_steps=2 (loss / accum, optimizer step every second micro-batch), clip_grad_norm_, AdamW with get_linear_schedule_with_warmup and scheduler.get_last_lr() logged -- transformers examples run_clm_no_trainer.py training loop."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel, get_linear_schedule_with_warmup
torch.manual_seed(0)

config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=2, bos_token_id=1, eos_token_id=2)
model = GPT2LMHeadModel(config)
model.train()
cmodel = torch.compile(model)
no_decay = ["bias", "ln_1.weight", "ln_2.weight", "ln_f.weight"]
groups = [
    {"params": [p for n, p in model.named_parameters() if not any(nd in n for nd in no_decay)], "weight_decay": 0.01},
    {"params": [p for n, p in model.named_parameters() if any(nd in n for nd in no_decay)], "weight_decay": 0.0}]
optimizer = torch.optim.AdamW(groups, lr=5e-4)
accum = 2
batches = [torch.randint(0, 64, (2, 12)) for _ in range(6)]
lr_scheduler = get_linear_schedule_with_warmup(optimizer, num_warmup_steps=1, num_training_steps=len(batches) // accum)
completed = 0
for step, input_ids in enumerate(batches):
    outputs = cmodel(input_ids=input_ids, labels=input_ids)
    loss = outputs.loss / accum
    loss.backward()
    if (step + 1) % accum == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
        completed += 1
        print(completed, round(outputs.loss.item(), 4), [round(x, 6) for x in lr_scheduler.get_last_lr()])
model.eval()
with torch.no_grad():
    out = cmodel(input_ids=batches[0][:1, :5])
print(tuple(out.logits.shape), out.logits.argmax(-1).tolist())
