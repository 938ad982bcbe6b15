# expect-entries: 3
# expect-hits: 2
# expect-dynamic: automatic dynamic size L['kwargs']['input_ids'] size(0) 4 != 2
# expect-dynamic: automatic dynamic size L['kwargs']['input_ids'] size(1) 16 != 10
"""A tiny BERT run on batches of changing size (2, 4, 8) and then a longer
sequence: batch and sequence length both become dynamic dimensions."""
import torch
from transformers import BertConfig, BertModel

torch.manual_seed(0)
config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=64)
model = BertModel(config).eval()
compiled = torch.compile(model)
with torch.no_grad():
    for batch, length in ((2, 10), (4, 10), (8, 10), (8, 16), (3, 24)):
        ids = torch.randint(0, 100, (batch, length))
        out = compiled(input_ids=ids)
        print(tuple(out.last_hidden_state.shape))
