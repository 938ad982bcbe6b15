"""real: recommendation model with a hashed sparse feature: ids % self.num_buckets into an nn.EmbeddingBag(mode="sum") with offsets, concatenated with dense features into an MLP; after an epoch the hash table is grown (a new, larger EmbeddingBag assigned to self.table with the old rows copied, num_buckets raised), later the bag mode is switched to "mean" -- DLRM / TorchRec-style hashed EmbeddingBag with offsets."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class HashedRec(nn.Module):
    def __init__(self, num_buckets=7, d=4):
        super().__init__()
        self.num_buckets = num_buckets
        self.table = nn.EmbeddingBag(num_buckets, d, mode="sum")
        self.mlp = nn.Sequential(nn.Linear(d + 3, 8), nn.ReLU(), nn.Linear(8, 1))

    def grow(self, new_buckets):
        old = self.table
        new = nn.EmbeddingBag(new_buckets, old.embedding_dim, mode=old.mode)
        with torch.no_grad():
            new.weight[: old.num_embeddings] = old.weight
        self.table = new
        self.num_buckets = new_buckets

    def forward(self, ids, offsets, dense):
        emb = self.table(ids % self.num_buckets, offsets)
        return self.mlp(torch.cat([emb, dense], dim=1)).squeeze(1)


model = HashedRec().eval()
cm = torch.compile(model)
ids = torch.tensor([3, 18, 25, 40, 9, 11, 30])
offsets = torch.tensor([0, 2, 5])
dense = torch.randn(3, 3)
with torch.no_grad():
    print("a", [round(v, 4) for v in cm(ids, offsets, dense).tolist()])
    print("a", [round(v, 4) for v in cm(ids + 1, offsets, dense).tolist()])
    model.grow(13)
    print("b", [round(v, 4) for v in cm(ids, offsets, dense).tolist()])
    model.table.mode = "mean"
    print("c", [round(v, 4) for v in cm(ids, offsets, dense).tolist()])
