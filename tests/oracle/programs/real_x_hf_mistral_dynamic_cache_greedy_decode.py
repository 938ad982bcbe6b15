"""real: HF MistralForCausalLM (tiny config, sliding_window set) greedy decode by hand around the compiled forward: prefill with use_cache=True, then one token at a time feeding out.past_key_values (a DynamicCache) back with a growing attention_mask, stopping at eos or max_new_tokens, two prompts of different lengths -- transformers generate() greedy loop written out (text-generation-inference style)."""
import torch
from transformers import MistralConfig, MistralForCausalLM
torch.manual_seed(0)

config = MistralConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                       num_key_value_heads=2, max_position_embeddings=64, sliding_window=8, eos_token_id=2)
model = MistralForCausalLM(config).eval()
cmodel = torch.compile(model)


@torch.no_grad()
def greedy(prompt, max_new_tokens=5):
    attn = torch.ones_like(prompt)
    out = cmodel(input_ids=prompt, attention_mask=attn, use_cache=True)
    past = out.past_key_values
    nxt = out.logits[:, -1, :].argmax(-1, keepdim=True)
    generated = [nxt.item()]
    for _ in range(max_new_tokens - 1):
        if nxt.item() == config.eos_token_id:
            break
        attn = torch.cat([attn, torch.ones(1, 1, dtype=attn.dtype)], dim=1)
        out = cmodel(input_ids=nxt, attention_mask=attn, past_key_values=past, use_cache=True)
        past = out.past_key_values
        nxt = out.logits[:, -1, :].argmax(-1, keepdim=True)
        generated.append(nxt.item())
    return generated, past.get_seq_length()


print(greedy(torch.randint(3, 64, (1, 4))))
print(greedy(torch.randint(3, 64, (1, 6))))
