"""real: HF BertModel (tiny config) compiled, feature extraction under no_grad with the default attention implementation, then model.set_attn_implementation("eager") to get output_attentions=True, then back to "sdpa" -- transformers attn_implementation switching for attention visualisation."""
import torch
from transformers import BertConfig, BertModel
torch.manual_seed(0)

config = BertConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32)
model = BertModel(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[2, 5, 7, 9, 3, 0], [2, 11, 13, 17, 19, 3]])
mask = (ids != 0).long()
with torch.no_grad():
    for impl, attn in (("sdpa", False), ("eager", True), ("eager", False), ("sdpa", False)):
        model.set_attn_implementation(impl)
        out = cmodel(input_ids=ids, attention_mask=mask, output_attentions=attn)
        ref = model(input_ids=ids, attention_mask=mask, output_attentions=attn)
        n_att = 0 if out.attentions is None else len(out.attentions)
        print(impl, attn, model.config._attn_implementation, n_att, round(out.last_hidden_state.abs().sum().item(), 3),
              torch.allclose(out.last_hidden_state, ref.last_hidden_state, atol=1e-5))
