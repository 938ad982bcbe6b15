# Two calls (8 then 9 tokens): two cache entries. GPT-2's causal-mask helper tests the mask's data (masking_utils.py:761: `(packed_sequence_mask[:, -1] == 0).all()`),
# a data-dependent branch that transformers itself skips when it knows it is being traced: torch.compiler.is_compiling()
# is True while the frame is recorded, as under Dynamo (which compiles it without a break), so one graph per call.
# expect-graphs: 2
# expect-ops: 127 127
# expect-breaks: none
# expect-entries: 2
# expect-reason: 0/0: tensor 'kwargs['input_ids']' size mismatch at index 1. expected 8, actual 9
"""A tiny GPT-2 built from a transformers config with random weights (no
download), compiled and run for two greedy decoding steps."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel

torch.manual_seed(0)
config = GPT2Config(vocab_size=128, n_positions=32, n_embd=32, n_layer=2, n_head=2, bos_token_id=0,
                    eos_token_id=0)
model = GPT2LMHeadModel(config).eval()
compiled = torch.compile(model)
ids = torch.randint(0, 128, (1, 8))
with torch.no_grad():
    for _ in range(2):
        logits = compiled(input_ids=ids, use_cache=False).logits
        ids = torch.cat([ids, logits[:, -1:].argmax(-1)], dim=1)
print(ids.tolist())
