"""real: speculative-decoding rollback with HF GPT2LMHeadModel (tiny config) compiled: a DynamicCache grows by a prefill and a 3-token draft verify step, then DynamicCache.crop() drops the rejected draft tokens outside the compiled call before the next step -- transformers assisted generation's cache rollback."""
import torch
from transformers import DynamicCache, GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=50, n_positions=32, n_embd=16, n_layer=2, n_head=2,
                    resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0, eos_token_id=0)
model = GPT2LMHeadModel(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(1, 50, (1, 5))
with torch.no_grad():
    cache = DynamicCache(config=config)
    out = cmodel(input_ids=ids, past_key_values=cache, use_cache=True)
    draft = torch.randint(1, 50, (1, 3))
    out = cmodel(input_ids=draft, past_key_values=cache, use_cache=True)
    print("after verify", cache.get_seq_length())
    cache.crop(-2)
    nxt = torch.tensor([[7]])
    out = cmodel(input_ids=nxt, past_key_values=cache, use_cache=True)
    full = model(input_ids=torch.cat([ids, draft[:, :1], nxt], 1), use_cache=False).logits[:, -1]
    print("after crop", cache.get_seq_length(), torch.allclose(out.logits[:, -1], full, atol=1e-5))
    cache.crop(-3)
    out = cmodel(input_ids=torch.tensor([[3, 4]]), past_key_values=cache, use_cache=True)
    print("after crop2", cache.get_seq_length(), out.logits[:, -1].argmax(-1).item())
