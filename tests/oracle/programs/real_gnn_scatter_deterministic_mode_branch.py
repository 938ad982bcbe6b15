"""real: GNN message passing whose aggregation picks its kernel from torch.are_deterministic_algorithms_enabled() (deterministic: a one-hot incidence matmul; otherwise index_add_ scatter), the way torch_scatter/PyG-style code avoids nondeterministic atomics; the script trains with the default, then calls torch.use_deterministic_algorithms(True) for reproducible evaluation, then turns it off again -- PyG MessagePassing aggregation with a determinism switch."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class GraphConv(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x, edge_index):
        src, dst = edge_index
        msg = self.lin(x)[src]
        if torch.are_deterministic_algorithms_enabled():
            incidence = torch.nn.functional.one_hot(dst, x.size(0)).t().to(msg.dtype)
            return incidence @ msg
        return torch.zeros(x.size(0), msg.size(1)).index_add_(0, dst, msg)


model = nn.ModuleList([GraphConv(3, 6), GraphConv(6, 2)])


@torch.compile
def forward(x, edge_index):
    h = torch.relu(model[0](x, edge_index))
    return model[1](h, edge_index)


x = torch.randn(5, 3)
edge_index = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    loss = forward(x, edge_index).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("train", step, round(loss.item(), 5))
torch.use_deterministic_algorithms(True)
with torch.no_grad():
    print("det eval", round(forward(x, edge_index).sum().item(), 5))
torch.use_deterministic_algorithms(False)
with torch.no_grad():
    print("eval", round(forward(x, edge_index).sum().item(), 5))
