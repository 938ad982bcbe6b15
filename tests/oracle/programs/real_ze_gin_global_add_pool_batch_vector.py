"""real: PyG-style GIN (torch_geometric GINConv + global_add_pool) written out -- MessagePassing.propagate: x_j = x.index_select(0, edge_index[0]), aggregate with scatter-sum via torch.zeros(...).index_add_(0, edge_index[1], x_j), (1 + eps) * x + aggr with train_eps Parameter, BatchNorm MLP; global_add_pool computes `size = int(batch.max().item() + 1) if size is None else size`; mini-batches of graphs with varying node/edge counts from a collate that concatenates and offsets edge_index; train then test."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def scatter_sum(src, index, dim_size):
    out = torch.zeros(dim_size, src.size(-1), dtype=src.dtype)
    return out.index_add_(0, index, src)


def global_add_pool(x, batch, size=None):
    size = int(batch.max().item() + 1) if size is None else size
    return scatter_sum(x, batch, size)


class GINConv(nn.Module):
    def __init__(self, nn_, eps=0.0, train_eps=False):
        super().__init__()
        self.nn = nn_
        self.initial_eps = eps
        if train_eps:
            self.eps = nn.Parameter(torch.tensor([eps]))
        else:
            self.register_buffer('eps', torch.tensor([eps]))

    def propagate(self, edge_index, x):
        x_j = x.index_select(0, edge_index[0])
        return scatter_sum(x_j, edge_index[1], x.size(0))

    def forward(self, x, edge_index):
        out = self.propagate(edge_index, x)
        out = out + (1 + self.eps) * x
        return self.nn(out)


class GIN(nn.Module):
    def __init__(self, in_c=4, hid=16, out_c=3, num_layers=2):
        super().__init__()
        self.convs = nn.ModuleList()
        for i in range(num_layers):
            mlp = nn.Sequential(nn.Linear(in_c if i == 0 else hid, hid), nn.BatchNorm1d(hid), nn.ReLU(), nn.Linear(hid, hid))
            self.convs.append(GINConv(mlp, train_eps=True))
        self.lin = nn.Linear(hid, out_c)

    def forward(self, x, edge_index, batch):
        for conv in self.convs:
            x = F.relu(conv(x, edge_index))
        x = global_add_pool(x, batch)
        return self.lin(F.dropout(x, p=0.5, training=self.training))


def collate(graphs):
    xs, eis, bs, ys, off = [], [], [], [], 0
    for gi, (n, e, y) in enumerate(graphs):
        xs.append(torch.randn(n, 4)); eis.append(torch.randint(0, n, (2, e)) + off)
        bs.append(torch.full((n,), gi, dtype=torch.long)); ys.append(y); off += n
    return torch.cat(xs), torch.cat(eis, 1), torch.cat(bs), torch.tensor(ys)


model = GIN()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.Adam(model.parameters(), lr=0.01)
loader = [[(5, 8, 0), (7, 12, 1), (4, 6, 2)], [(6, 9, 1), (5, 7, 0), (8, 14, 2)], [(3, 4, 0), (9, 16, 1)]]
for epoch in range(2):
    model.train()
    for graphs in loader:
        x, ei, b, y = collate(graphs)
        loss = F.cross_entropy(cmodel(x, ei, b), y)
        opt.zero_grad(); loss.backward(); opt.step()
    print(epoch, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    x, ei, b, y = collate(loader[0])
    print(cmodel(x, ei, b).argmax(-1).tolist())
