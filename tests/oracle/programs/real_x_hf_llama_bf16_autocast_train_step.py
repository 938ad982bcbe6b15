"""real: HF LlamaForCausalLM (tiny config, fp32 weights) trained with torch.autocast('cpu', dtype=torch.bfloat16) around the compiled forward, loss computed from labels with -100 on left padding, clip_grad_norm_, AdamW + CosineAnnealingLR, then a bf16-autocast eval forward of a different length -- a CPU mixed-precision fine-tuning loop (TRL SFT / accelerate mixed_precision='bf16')."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM
torch.manual_seed(0)

config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32, pad_token_id=0)
model = LlamaForCausalLM(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=3)
for step in range(3):
    ids = torch.randint(1, 64, (2, 10))
    mask = torch.ones_like(ids)
    mask[1, :3] = 0
    ids = ids.masked_fill(mask == 0, 0)
    labels = ids.masked_fill(mask == 0, -100)
    with torch.autocast('cpu', dtype=torch.bfloat16):
        out = cmodel(input_ids=ids, attention_mask=mask, labels=labels)
    out.loss.backward()
    gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    sched.step()
    optimizer.zero_grad(set_to_none=True)
    print(step, round(out.loss.item(), 2), out.logits.dtype, round(sched.get_last_lr()[0], 6), gn.item() > 0)
model.eval()
with torch.no_grad(), torch.autocast('cpu', dtype=torch.bfloat16):
    out = cmodel(input_ids=torch.randint(1, 64, (1, 7)))
print(tuple(out.logits.shape), out.logits.dtype)
