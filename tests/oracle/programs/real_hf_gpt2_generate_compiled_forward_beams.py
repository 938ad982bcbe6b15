"""real: HF GPT2LMHeadModel (tiny config) with model.forward = torch.compile(model.forward); model.generate() greedy with max_new_tokens=3, then with num_beams=2 (beam cache reordering), then greedy with model.generation_config.repetition_penalty = 1.5 set between calls -- transformers generate() with a compiled forward and generation_config edits."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=64, n_positions=32, n_embd=32, n_layer=2, n_head=2,
                    pad_token_id=0, bos_token_id=1, eos_token_id=63)
model = GPT2LMHeadModel(config).eval()
model.forward = torch.compile(model.forward)
ids = torch.tensor([[5, 9, 14]])
am = torch.ones_like(ids)
out = model.generate(ids, attention_mask=am, max_new_tokens=3, do_sample=False)
print("greedy", out.tolist())
out = model.generate(ids, attention_mask=am, max_new_tokens=3, do_sample=False, num_beams=2)
print("beams", out.tolist())
model.generation_config.repetition_penalty = 1.5
out = model.generate(ids, attention_mask=am, max_new_tokens=3, do_sample=False)
print("penalty", out.tolist())
