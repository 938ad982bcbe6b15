"""real: batched greedy decoding with a HF LlamaForCausalLM (tiny config) compiled: a left-padded batch of two prompts, position_ids from attention_mask.cumsum(-1) - 1 (masked_fill 1), an explicit DynamicCache passed as cache=, then 3 one-token steps with the attention mask growing by a column of ones and the cache returned each step -- transformers generate()'s _update_model_kwargs_for_generation written by hand."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM, DynamicCache
torch.manual_seed(0)

config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=64, pad_token_id=0)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[0, 0, 5, 9, 14], [3, 8, 11, 17, 22]])
mask = (ids != 0).long()
with torch.no_grad():
    cache = DynamicCache(config=config)
    pos = (mask.cumsum(-1) - 1).masked_fill(mask == 0, 1)
    out = cmodel(input_ids=ids, attention_mask=mask, position_ids=pos, cache=cache, use_cache=True)
    gen = []
    for step in range(3):
        nxt = out.logits[:, -1].argmax(-1, keepdim=True)
        gen.append(nxt)
        mask = torch.cat([mask, torch.ones_like(nxt)], dim=-1)
        pos = pos[:, -1:] + 1
        out = cmodel(input_ids=nxt, attention_mask=mask, position_ids=pos, cache=out.cache, use_cache=True)
        print(step, out.cache.get_seq_length(), round(out.logits.abs().sum().item(), 3))
    print(torch.cat(gen, -1).tolist())
