"""real: HF T5EncoderModel (tiny config) as a sentence encoder: last_hidden_state mean-pooled over attention_mask (sum of masked states / clamp(mask.sum, min=1e-9)), F.normalize, cosine-similarity matrix of two padded batches of different lengths, compiled encoder under inference_mode -- sentence-transformers / sentence-t5 encode shape."""
import torch
import torch.nn.functional as F
from transformers import T5Config, T5EncoderModel
torch.manual_seed(0)

config = T5Config(vocab_size=64, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4, dropout_rate=0.0)
encoder = T5EncoderModel(config).eval()
cencoder = torch.compile(encoder)


def mean_pooling(token_embeddings, attention_mask):
    mask = attention_mask.unsqueeze(-1).expand(token_embeddings.size()).float()
    return torch.sum(token_embeddings * mask, 1) / torch.clamp(mask.sum(1), min=1e-9)


def encode(lengths, seqlen):
    ids = torch.randint(2, 64, (len(lengths), seqlen))
    mask = (torch.arange(seqlen)[None] < torch.tensor(lengths)[:, None]).long()
    ids = ids * mask
    with torch.inference_mode():
        out = cencoder(input_ids=ids, attention_mask=mask)
        emb = mean_pooling(out.last_hidden_state, mask)
        return F.normalize(emb, p=2, dim=1)


a = encode([5, 3, 6], 6)
b = encode([7, 4, 8], 8)
c = encode([2, 6], 6)
print([[round(v, 4) for v in row] for row in (a @ b.T).tolist()])
print([[round(v, 4) for v in row] for row in (c @ a.T).tolist()])
