"""real: HF GPTNeoXForCausalLM (Pythia-style tiny config: rotary_pct=0.25 partial rotary, use_parallel_residual=True, fused query_key_value) compiled with torch.compile(model); a hand-written greedy loop prefills a prompt with use_cache=True then feeds the DynamicCache past_key_values back one token at a time; two prompts of different lengths."""
import torch
from transformers import GPTNeoXConfig, GPTNeoXForCausalLM

torch.manual_seed(0)
config = GPTNeoXConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                       rotary_pct=0.25, max_position_embeddings=64, use_parallel_residual=True,
                       bos_token_id=0, eos_token_id=0, attn_implementation="eager")
model = GPTNeoXForCausalLM(config).eval()
cmodel = torch.compile(model, backend="eager")


@torch.no_grad()
def greedy(prompt, steps=3):
    out = cmodel(input_ids=prompt, use_cache=True)
    past = out.past_key_values
    nxt = out.logits[:, -1:].argmax(-1)
    toks = [nxt]
    for _ in range(steps - 1):
        out = cmodel(input_ids=nxt, past_key_values=past, use_cache=True)
        past = out.past_key_values
        nxt = out.logits[:, -1:].argmax(-1)
        toks.append(nxt)
    return torch.cat(toks, 1).tolist()


print(greedy(torch.randint(1, 64, (1, 6))))
print(greedy(torch.randint(1, 64, (1, 4))))
