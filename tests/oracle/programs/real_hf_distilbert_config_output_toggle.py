"""real: tiny HF DistilBertModel compiled; model.config.output_hidden_states is switched on between calls, then the call passes output_attentions=True -- transformers feature extraction with config edits."""
import torch
from transformers import DistilBertConfig, DistilBertModel

torch.manual_seed(0)
config = DistilBertConfig(vocab_size=50, dim=32, hidden_dim=64, n_layers=2, n_heads=2,
                          max_position_embeddings=32, dropout=0.0, attention_dropout=0.0)
model = DistilBertModel(config).eval()
cmodel = torch.compile(model)
ids = torch.tensor([[1, 5, 7, 9, 2]])
with torch.no_grad():
    out = cmodel(input_ids=ids)
    print(round(out.last_hidden_state.abs().sum().item(), 2), out.hidden_states is None)
    model.config.output_hidden_states = True
    out = cmodel(input_ids=ids)
    print(round(out.last_hidden_state.abs().sum().item(), 2),
          None if out.hidden_states is None else len(out.hidden_states))
    out = cmodel(input_ids=ids, output_attentions=True)
    print(None if out.attentions is None else len(out.attentions))
