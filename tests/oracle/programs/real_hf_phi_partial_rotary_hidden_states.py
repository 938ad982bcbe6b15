"""real: HF PhiForCausalLM (tiny config, partial rotary factor 0.5, parallel attn/MLP block) compiled, scored under no_grad with return_dict default, then output_hidden_states=True, then return_dict=False tuples -- transformers Phi forward with output flags."""
import torch
from transformers import PhiConfig, PhiForCausalLM
torch.manual_seed(0)

config = PhiConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                   num_attention_heads=2, max_position_embeddings=32, resid_pdrop=0.0, embd_pdrop=0.0,
                   attention_dropout=0.0, rope_parameters={"rope_type": "default", "rope_theta": 10000.0,
                                                           "partial_rotary_factor": 0.5})
model = PhiForCausalLM(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(0, 100, (2, 7))
with torch.no_grad():
    out = cmodel(input_ids=ids, use_cache=False)
    print("dict", round(out.logits.sum().item(), 3))
    out = cmodel(input_ids=ids, use_cache=False, output_hidden_states=True)
    print("hidden", len(out.hidden_states), round(out.hidden_states[1].abs().sum().item(), 2))
    out = cmodel(input_ids=ids, use_cache=False, return_dict=False)
    print("tuple", type(out).__name__, round(out[0].sum().item(), 3))
