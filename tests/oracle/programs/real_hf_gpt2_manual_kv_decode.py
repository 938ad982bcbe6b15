"""real: manual incremental decoding with HF GPT2LMHeadModel (tiny config) compiled: prefill the prompt, then feed one token at a time with past_key_values and use_cache=True -- transformers custom greedy decode loop."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=100, n_positions=32, n_embd=32, n_layer=2, n_head=2)
model = GPT2LMHeadModel(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[5, 6, 7, 8]])
with torch.no_grad():
    out = cmodel(input_ids=ids, use_cache=True)
    past, generated = out.past_key_values, [ids]
    for _ in range(4):
        nxt = out.logits[:, -1:].argmax(-1)
        generated.append(nxt)
        out = cmodel(input_ids=nxt, past_key_values=past, use_cache=True)
        past = out.past_key_values
assert torch.cat(generated, 1).shape == (1, 8)
