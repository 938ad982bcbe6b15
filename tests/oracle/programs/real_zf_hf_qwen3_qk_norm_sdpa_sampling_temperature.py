"""real: HF Qwen3ForCausalLM (tiny config: q_norm/k_norm RMSNorm per head, tied embeddings, sdpa attention) compiled; a chat-style sampler prefills then decodes with DynamicCache, temperature float and top_p float passed as python scalars into a compiled sample_next(logits, temperature, top_p) helper (sort, cumsum, mask, multinomial with a torch.Generator); temperature changes between two generations."""
import torch
from transformers import Qwen3Config, Qwen3ForCausalLM

torch.manual_seed(0)
config = Qwen3Config(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                     head_dim=8, max_position_embeddings=64, tie_word_embeddings=True, attn_implementation="sdpa",
                     bos_token_id=1, eos_token_id=2, pad_token_id=0)
model = Qwen3ForCausalLM(config).eval()
cmodel = torch.compile(model, backend="eager")
gen = torch.Generator().manual_seed(1)


@torch.compile(backend="eager")
def sample_next(logits, temperature, top_p):
    probs = torch.softmax(logits / temperature, dim=-1)
    probs_sort, probs_idx = torch.sort(probs, dim=-1, descending=True)
    probs_sum = torch.cumsum(probs_sort, dim=-1)
    mask = probs_sum - probs_sort > top_p
    probs_sort[mask] = 0.0
    probs_sort.div_(probs_sort.sum(dim=-1, keepdim=True))
    next_token = torch.multinomial(probs_sort, num_samples=1, generator=gen)
    return torch.gather(probs_idx, -1, next_token)


@torch.no_grad()
def chat(prompt, temperature, top_p=0.9, steps=3):
    out = cmodel(input_ids=prompt, use_cache=True)
    past = out.past_key_values
    toks = []
    for _ in range(steps):
        nxt = sample_next(out.logits[:, -1, :], temperature, top_p)
        toks.append(nxt)
        out = cmodel(input_ids=nxt, past_key_values=past, use_cache=True)
        past = out.past_key_values
    return torch.cat(toks, 1).tolist()


print(chat(torch.randint(3, 64, (1, 5)), 0.7))
print(chat(torch.randint(3, 64, (1, 5)), 1.0))
