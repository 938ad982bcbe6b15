# expect-entries: 2
# expect-hits: 4
# expect-dynamic: automatic dynamic size L['kwargs']['input_ids'] size(1) 9 != 8
"""A tiny GPT-2 decoding greedily from 8 to 13 tokens without a KV cache:
the sequence length changes on every call. Under automatic dynamic shapes
the second length makes it dynamic and the later calls hit that entry."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel

torch.manual_seed(0)
config = GPT2Config(vocab_size=128, n_positions=32, n_embd=32, n_layer=2, n_head=2, bos_token_id=0,
                    eos_token_id=0)
model = GPT2LMHeadModel(config).eval()
compiled = torch.compile(model)
ids = torch.randint(0, 128, (1, 8))
with torch.no_grad():
    for _ in range(6):
        logits = compiled(input_ids=ids, use_cache=False).logits
        ids = torch.cat([ids, logits[:, -1:].argmax(-1)], dim=1)
print(ids.tolist())
