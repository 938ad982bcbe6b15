"""real: regional compilation of an HF GPT2LMHeadModel (tiny config): `for block in model.transformer.h: block.compile(backend="eager")` instead of compiling the whole model (transformers/diffusers "regional compilation" recipe); two training steps with labels and AdamW, then eval forward under no_grad with a shorter sequence."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel

torch.manual_seed(0)
config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=4, attn_implementation="eager")
model = GPT2LMHeadModel(config)
for block in model.transformer.h:
    block.compile(backend="eager")
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

model.train()
for step in range(2):
    ids = torch.randint(0, 64, (2, 8))
    out = model(input_ids=ids, labels=ids)
    out.loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    print(step, round(out.loss.item(), 3))

model.eval()
with torch.no_grad():
    logits = model(input_ids=torch.randint(0, 64, (2, 5))).logits
print(tuple(logits.shape))
