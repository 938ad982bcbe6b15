"""real: two-layer GCN with a sparse COO adjacency (torch.sparse.mm) and a dense feature matmul -- pytorch/examples gcn/gcn.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class GraphConv(nn.Module):
    def __init__(self, fin, fout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fin, fout) * 0.1)

    def forward(self, x, adj):
        return torch.sparse.mm(adj, x @ self.weight)

class GCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.gc1, self.gc2 = GraphConv(6, 4), GraphConv(4, 3)

    def forward(self, x, adj):
        return F.log_softmax(self.gc2(F.relu(self.gc1(x, adj)), adj), dim=1)

idx = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 0, 3, 2, 4, 4]])
adj = torch.sparse_coo_tensor(idx, torch.full((6,), 0.5), (5, 5)).coalesce()
model = torch.compile(GCN())
for _ in range(2):
    F.nll_loss(model(torch.randn(5, 6), adj), torch.tensor([0, 1, 2, 0, 1])).backward()
