"""real: HF CLIPTextModel (tiny config) compiled, pooled EOS output on a batch, then output_hidden_states=True (penultimate layer, as Stable Diffusion's clip_skip does), then the plain call again -- transformers CLIPTextModel text encoding."""
import torch
from transformers import CLIPTextConfig, CLIPTextModel
torch.manual_seed(0)

config = CLIPTextConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                        num_attention_heads=2, max_position_embeddings=16, projection_dim=16,
                        bos_token_id=98, eos_token_id=99, pad_token_id=1)
model = CLIPTextModel(config).eval()
cmodel = torch.compile(model)
ids = torch.randint(2, 98, (2, 8))
ids[:, 0] = 98
ids[0, 5] = 99
ids[1, 7] = 99
with torch.no_grad():
    out = cmodel(input_ids=ids)
    print("pooled", round(out.pooler_output.abs().sum().item(), 3))
    out = cmodel(input_ids=ids, output_hidden_states=True)
    print("hidden", len(out.hidden_states), round(out.hidden_states[-2].sum().item(), 3))
    out = cmodel(input_ids=ids)
    print("pooled", round(out.pooler_output.abs().sum().item(), 3))
