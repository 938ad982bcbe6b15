"""real: a custom attention function registered with transformers' AttentionInterface.register("temp_sdpa", fn) (class-level mapping) and selected with model.set_attn_implementation("temp_sdpa") on a compiled HF LlamaForCausalLM (tiny config); fn scales the queries by a module-level global QUERY_TEMP; the script changes QUERY_TEMP, then re-registers "temp_sdpa" with another function (logit soft-capping), scoring under no_grad after each change -- transformers "customizing attention function" docs (AttentionInterface)."""
import torch
from transformers import LlamaConfig, LlamaForCausalLM, AttentionInterface
from transformers.integrations.sdpa_attention import sdpa_attention_forward
torch.manual_seed(0)

QUERY_TEMP = 1.0


def temp_sdpa(module, query, key, value, attention_mask, **kwargs):
    return sdpa_attention_forward(module, query * QUERY_TEMP, key, value, attention_mask, **kwargs)


def capped_sdpa(module, query, key, value, attention_mask, **kwargs):
    return sdpa_attention_forward(module, torch.tanh(query / 2.0) * 2.0, key, value, attention_mask, **kwargs)


AttentionInterface.register("temp_sdpa", temp_sdpa)
config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
model = LlamaForCausalLM(config).eval()
model.set_attn_implementation("temp_sdpa")
cmodel = torch.compile(model)
ids = torch.tensor([[1, 7, 12, 19, 23, 31]])
with torch.no_grad():
    for phase in ("t1", "t1", "t3", "capped", "back"):
        if phase == "t3":
            QUERY_TEMP = 3.0
        if phase == "capped":
            AttentionInterface.register("temp_sdpa", capped_sdpa)
        if phase == "back":
            AttentionInterface.register("temp_sdpa", temp_sdpa)
        out = cmodel(input_ids=ids, use_cache=False)
        ref = model(input_ids=ids, use_cache=False)
        print(phase, QUERY_TEMP, round(out.logits.abs().sum().item(), 4), torch.allclose(out.logits, ref.logits, atol=1e-5))
