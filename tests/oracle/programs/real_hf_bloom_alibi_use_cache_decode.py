"""real: HF BloomForCausalLM (tiny config, ALiBi) compiled, prefill with use_cache=True then two single-token decode steps feeding past_key_values and a growing attention_mask -- transformers Bloom incremental decoding."""
import torch
from transformers import BloomConfig, BloomForCausalLM
torch.manual_seed(0)

config = BloomConfig(vocab_size=100, hidden_size=32, n_layer=2, n_head=2, hidden_dropout=0.0,
                     attention_dropout=0.0, pad_token_id=0, bos_token_id=1, eos_token_id=2)
model = BloomForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    ids = torch.randint(3, 100, (1, 5))
    mask = torch.ones_like(ids)
    out = cmodel(input_ids=ids, attention_mask=mask, use_cache=True)
    past = out.past_key_values
    tok = out.logits[:, -1:].argmax(-1)
    toks = [tok.item()]
    for _ in range(2):
        mask = torch.cat([mask, torch.ones(1, 1, dtype=mask.dtype)], dim=1)
        out = cmodel(input_ids=tok, attention_mask=mask, past_key_values=past, use_cache=True)
        past = out.past_key_values
        tok = out.logits[:, -1:].argmax(-1)
        toks.append(tok.item())
    print(toks)
