"""real: HF DistilBertModel (tiny config) compiled, eval under no_grad over batches padded to different lengths with attention masks, mean pooling -- sentence-embedding inference loop."""
import torch
from transformers import DistilBertConfig, DistilBertModel
torch.manual_seed(0)

config = DistilBertConfig(vocab_size=100, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=32)
model = DistilBertModel(config).eval()
cmodel = torch.compile(model)

def embed(batch):
    T = max(len(s) for s in batch)
    ids = torch.zeros(len(batch), T, dtype=torch.long)
    mask = torch.zeros(len(batch), T, dtype=torch.long)
    for i, s in enumerate(batch):
        ids[i, :len(s)] = torch.tensor(s)
        mask[i, :len(s)] = 1
    with torch.no_grad():
        h = cmodel(input_ids=ids, attention_mask=mask).last_hidden_state
    return (h * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)

embed([[5, 6, 7], [8, 9]])
embed([[1, 2, 3, 4, 5], [6, 7, 8]])
embed([[9, 10, 11, 12]])
