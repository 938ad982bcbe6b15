"""real: HF GPTJForCausalLM (tiny config, partial rotary_dim, parallel attn+MLP residual) compiled: two training steps with labels (loss.backward, AdamW), then eval logits under no_grad with position_ids given explicitly -- transformers GPT-J fine-tune then scoring."""
import torch
from transformers import GPTJConfig, GPTJForCausalLM
torch.manual_seed(0)

config = GPTJConfig(vocab_size=100, n_embd=32, n_layer=2, n_head=2, rotary_dim=8, n_positions=64,
                    resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=1, eos_token_id=2)
model = GPTJForCausalLM(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
ids = torch.randint(0, 100, (2, 8))
model.train()
for _ in range(2):
    loss = cmodel(input_ids=ids, labels=ids).loss
    loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", round(loss.item(), 3))
model.eval()
with torch.no_grad():
    pos = torch.arange(8).unsqueeze(0).expand(2, 8)
    print("eval", round(cmodel(input_ids=ids, position_ids=pos).logits[:, -1].sum().item(), 3))
