"""real: HF BertModel (tiny config) compiled; to save memory the user sets layer.chunk_size_feed_forward = 2 on every BertLayer after the first call (apply_chunking_to_forward then splits the feed-forward along the sequence), later back to 0 -- transformers feed-forward chunking toggled on a live model."""
import torch
from transformers import BertConfig, BertModel
torch.manual_seed(0)

config = BertConfig(vocab_size=30, hidden_size=16, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=32, max_position_embeddings=16, hidden_dropout_prob=0.0,
                    attention_probs_dropout_prob=0.0)
model = BertModel(config, add_pooling_layer=False).eval()
cmodel = torch.compile(model)
ids = torch.randint(0, 30, (1, 6))
with torch.no_grad():
    a = cmodel(input_ids=ids).last_hidden_state
    for layer in model.encoder.layer:
        layer.chunk_size_feed_forward = 2
    b = cmodel(input_ids=ids).last_hidden_state
    print(torch.allclose(a, b, atol=1e-5), round(b.abs().sum().item(), 3))
    model.encoder.layer[1].chunk_size_feed_forward = 3
    c = cmodel(input_ids=ids).last_hidden_state
    print(torch.allclose(a, c, atol=1e-5))
    for layer in model.encoder.layer:
        layer.chunk_size_feed_forward = 0
    print(torch.allclose(a, cmodel(input_ids=ids).last_hidden_state, atol=1e-5))
