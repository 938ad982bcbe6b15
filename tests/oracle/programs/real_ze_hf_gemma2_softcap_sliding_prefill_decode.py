"""real: HF Gemma2ForCausalLM (tiny config: attn_logit_softcapping, final_logit_softcapping, sliding_window with alternating layer_types, query_pre_attn_scalar) -- prefill a prompt with use_cache=True then greedy decode feeding past_key_values back (HybridCache/DynamicCache by default), cache_position passed explicitly, two prompts of different lengths; compiled forward called by a hand-written generate loop."""
import torch
from transformers import Gemma2Config, Gemma2ForCausalLM
torch.manual_seed(0)
config = Gemma2Config(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                      head_dim=8, max_position_embeddings=64, sliding_window=4, query_pre_attn_scalar=8, attn_implementation="eager",
                      pad_token_id=0, bos_token_id=1, eos_token_id=2)
model = Gemma2ForCausalLM(config).eval()
cmodel = torch.compile(model, backend="eager")


@torch.no_grad()
def generate(prompt, max_new_tokens=4):
    L = prompt.shape[1]
    out = cmodel(input_ids=prompt, use_cache=True, cache_position=torch.arange(L))
    past = out.past_key_values
    toks = [out.logits[:, -1].argmax(-1, keepdim=True)]
    for i in range(max_new_tokens - 1):
        out = cmodel(input_ids=toks[-1], past_key_values=past, use_cache=True, cache_position=torch.tensor([L + i]))
        past = out.past_key_values
        toks.append(out.logits[:, -1].argmax(-1, keepdim=True))
    return torch.cat(toks, 1).tolist()


print(generate(torch.randint(3, 64, (1, 5))))
print(generate(torch.randint(3, 64, (1, 7))))
