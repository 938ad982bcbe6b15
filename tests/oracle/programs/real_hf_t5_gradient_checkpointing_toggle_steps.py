"""real: HF T5ForConditionalGeneration (tiny config, dropout 0) compiled, AdamW fine-tuning steps with labels: one plain step, then model.gradient_checkpointing_enable() (use_reentrant False) for two steps, then gradient_checkpointing_disable() and model.eval() scoring -- transformers Trainer gradient_checkpointing=True switched on mid-run."""
import torch
from transformers import T5Config, T5ForConditionalGeneration
torch.manual_seed(0)

config = T5Config(vocab_size=64, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2,
                  num_heads=2, decoder_start_token_id=0, pad_token_id=0, dropout_rate=0.0)
model = T5ForConditionalGeneration(config).train()
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
src = torch.tensor([[5, 9, 13, 17, 21, 1], [6, 10, 14, 1, 0, 0]])
mask = (src != 0).long()
labels = torch.tensor([[4, 8, 12, 1], [7, 11, 1, -100]])
for step in range(3):
    if step == 1:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    out = cmodel(input_ids=src, attention_mask=mask, labels=labels)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print(step, model.is_gradient_checkpointing, round(out.loss.item(), 4))
model.gradient_checkpointing_disable()
model.eval()
with torch.no_grad():
    out = cmodel(input_ids=src, attention_mask=mask, labels=labels)
    print("eval", round(out.loss.item(), 4))
