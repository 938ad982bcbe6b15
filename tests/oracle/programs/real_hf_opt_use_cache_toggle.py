"""real: HF OPTForCausalLM (tiny config, word_embed_proj_dim 16 != hidden 32) compiled, called with use_cache=False, then use_cache=True to get past_key_values, one cached greedy step, then use_cache=False again -- transformers OPT scoring and incremental decoding mixed."""
import torch
from transformers import OPTConfig, OPTForCausalLM
torch.manual_seed(0)

config = OPTConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, ffn_dim=64, num_attention_heads=2,
                   max_position_embeddings=32, word_embed_proj_dim=16, dropout=0.0, attention_dropout=0.0,
                   pad_token_id=1, bos_token_id=2, eos_token_id=2)
model = OPTForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(3, 100, (1, 6))
with torch.no_grad():
    out = cmodel(input_ids=ids, use_cache=False)
    print("nocache", out.past_key_values is None, round(out.logits[0, -1].abs().sum().item(), 2))
    out = cmodel(input_ids=ids, use_cache=True)
    nxt = out.logits[:, -1:].argmax(-1)
    out2 = cmodel(input_ids=nxt, past_key_values=out.past_key_values, use_cache=True)
    print("step", nxt.item(), out2.logits[:, -1].argmax(-1).item())
    full = cmodel(input_ids=torch.cat([ids, nxt], 1), use_cache=False)
    print("agree", full.logits[:, -1].argmax(-1).item() == out2.logits[:, -1].argmax(-1).item())
