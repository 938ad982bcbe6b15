"""real: HF BertModel (tiny config) compiled for feature extraction; the word embeddings are swapped with model.set_input_embeddings(new nn.Embedding) (vocabulary extension / domain-adapted embeddings) and the compiled model called again, then the original restored -- transformers get/set_input_embeddings."""
import torch
import torch.nn as nn
from transformers import BertConfig, BertModel
torch.manual_seed(0)

config = BertConfig(vocab_size=40, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                    intermediate_size=32, max_position_embeddings=16, hidden_dropout_prob=0.0,
                    attention_probs_dropout_prob=0.0)
model = BertModel(config, add_pooling_layer=False).eval()
cmodel = torch.compile(model)
ids = torch.randint(0, 40, (2, 5))
with torch.no_grad():
    a = cmodel(input_ids=ids).last_hidden_state
    print(round(a.abs().sum().item(), 3))
    old = model.get_input_embeddings()
    new = nn.Embedding(48, 16, padding_idx=0)
    new.weight[:40].copy_(old.weight * 2.0)
    model.set_input_embeddings(new)
    b = cmodel(input_ids=ids).last_hidden_state
    print(round(b.abs().sum().item(), 3), round((a - b).abs().max().item(), 3) > 0)
    c = cmodel(input_ids=torch.tensor([[45, 46, 47, 1, 2]])).last_hidden_state
    print(tuple(c.shape))
    model.set_input_embeddings(old)
    d = cmodel(input_ids=ids).last_hidden_state
    print(torch.allclose(a, d, atol=1e-5))
