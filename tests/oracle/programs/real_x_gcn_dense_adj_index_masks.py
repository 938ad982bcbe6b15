"""real: two-layer GCN (GraphConv kernel parameter, torch.mm then adjacency product, bias added when present) on a renormalized dense adjacency, train_iter with Adam weight decay and loss on output[idx_train], test() under no_grad on idx_val / idx_test returning loss.item() and accuracy -- pytorch/examples gcn/main.py."""
import torch
from torch import nn
import torch.nn.functional as F
from torch.optim import Adam
torch.manual_seed(42)


class GraphConv(nn.Module):
    def __init__(self, input_dim, output_dim, use_bias=False):
        super().__init__()
        self.kernel = nn.Parameter(torch.Tensor(input_dim, output_dim))
        nn.init.xavier_normal_(self.kernel)
        self.bias = None
        if use_bias:
            self.bias = nn.Parameter(torch.Tensor(output_dim))
            nn.init.zeros_(self.bias)

    def forward(self, input_tensor, adj_mat):
        support = torch.mm(input_tensor, self.kernel)
        output = torch.mm(adj_mat, support)
        if self.bias is not None:
            output = output + self.bias
        return output


class GCN(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, use_bias=True, dropout_p=0.1):
        super().__init__()
        self.gc1 = GraphConv(input_dim, hidden_dim, use_bias=use_bias)
        self.gc2 = GraphConv(hidden_dim, output_dim, use_bias=use_bias)
        self.dropout = nn.Dropout(dropout_p)

    def forward(self, input_tensor, adj_mat):
        x = self.gc1(input_tensor, adj_mat)
        x = F.relu(x)
        x = self.dropout(x)
        x = self.gc2(x, adj_mat)
        return F.log_softmax(x, dim=1)


V, E, Fdim, C = 12, 20, 6, 3
features = (torch.rand(V, Fdim) > 0.5).float()
scale = 1 / features.sum(1)
scale[scale == float('inf')] = 0
features = torch.diag(scale) @ features
labels = torch.randint(0, C, (V,))
edges = torch.randint(0, V, (2, E))
adj = torch.zeros(V, V)
adj[edges[0], edges[1]] = 1.0
adj = torch.eye(V) + adj
deg = torch.sqrt(1 / adj.sum(1))
deg[deg == float('inf')] = 0
adj = torch.diag(deg) @ adj @ torch.diag(deg)

idx = torch.randperm(V)
idx_test, idx_val, idx_train = idx[:3], idx[3:6], idx[6:]

gcn = torch.compile(GCN(Fdim, 8, C, True, 0.5))
optimizer = Adam(gcn.parameters(), lr=0.01, weight_decay=5e-4)
criterion = nn.NLLLoss()


def test(model, criterion, input, target, mask):
    model.eval()
    with torch.no_grad():
        output = model(*input)
        output, target = output[mask], target[mask]
        loss = criterion(output, target)
        acc = (output.argmax(dim=1) == target).float().sum() / len(target)
    return loss.item(), acc.item()


def train_iter(epoch, model, optimizer, criterion, input, target, mask_train, mask_val, print_every=2):
    model.train()
    optimizer.zero_grad()
    output = model(*input)
    loss = criterion(output[mask_train], target[mask_train])
    loss.backward()
    optimizer.step()
    loss_train, acc_train = test(model, criterion, input, target, mask_train)
    loss_val, acc_val = test(model, criterion, input, target, mask_val)
    if epoch % print_every == 0:
        print(f'Epoch: {epoch:04d} loss_train: {loss_train:.4f} acc_train: {acc_train:.4f} loss_val: {loss_val:.4f} acc_val: {acc_val:.4f}')


for epoch in range(4):
    train_iter(epoch + 1, gcn, optimizer, criterion, (features, adj), labels, idx_train, idx_val)
loss_test, acc_test = test(gcn, criterion, (features, adj), labels, idx_test)
print(f'Test set results: loss {loss_test:.4f} accuracy {acc_test:.4f}')
