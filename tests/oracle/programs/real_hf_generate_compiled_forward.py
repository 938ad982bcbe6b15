"""real: HF GPT2LMHeadModel (tiny config) with model.forward = torch.compile(model.forward), then greedy model.generate(max_new_tokens=4) -- transformers generate with a compiled forward."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=100, n_positions=32, n_embd=32, n_layer=2, n_head=2, pad_token_id=0, eos_token_id=99)
model = GPT2LMHeadModel(config).eval()
model.forward = torch.compile(model.forward)
ids = torch.tensor([[5, 6, 7]])
out = model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=4, do_sample=False)
assert out.shape[1] <= 7
