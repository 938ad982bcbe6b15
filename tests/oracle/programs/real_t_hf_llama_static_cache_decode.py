"""real: HF LlamaForCausalLM (tiny config) with a StaticCache passed as past_key_values and an explicit cache_position, compiled forward: prefill of 5 tokens, then 3 greedy decode steps of one token, cache reset and a second prompt -- transformers static-cache decoding (gpt-fast / generate(cache_implementation="static")) shape."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM, StaticCache
torch.manual_seed(0)

config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
cmodel = torch.compile(model)


def decode(prompt, steps):
    cache = StaticCache(config=config, max_cache_len=12)
    n = prompt.shape[1]
    pos = torch.arange(n)
    out = cmodel(input_ids=prompt, past_key_values=cache, cache_position=pos, use_cache=True)
    tok = out.logits[:, -1:].argmax(-1)
    toks = [tok.item()]
    for i in range(steps):
        pos = torch.tensor([n + i])
        out = cmodel(input_ids=tok, past_key_values=cache, cache_position=pos, use_cache=True)
        tok = out.logits[:, -1:].argmax(-1)
        toks.append(tok.item())
    return toks


with torch.no_grad():
    a = decode(torch.randint(0, 64, (1, 5)), 3)
    b = decode(torch.randint(0, 64, (1, 5)), 3)
    ref = model(input_ids=torch.cat([torch.tensor([[0]]), torch.tensor([a[:1]])], 1)).logits.shape
print(a, b, tuple(ref))
