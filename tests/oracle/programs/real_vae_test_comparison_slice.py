"""real: VAE test() loop compiled: model.eval()/no_grad, loss summed with .item(), on the first batch n = min(data.size(0), 8) and torch.cat of data[:n] with recon_batch.view(batch_size, ...)[:n] (a fixed batch_size global, so the smaller last batch would break the view) -- pytorch/examples vae/main.py test()."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(1)

class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 16)
        self.fc21, self.fc22 = nn.Linear(16, 4), nn.Linear(16, 4)
        self.fc3, self.fc4 = nn.Linear(4, 16), nn.Linear(16, 64)

    def encode(self, x):
        h1 = F.relu(self.fc1(x))
        return self.fc21(h1), self.fc22(h1)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        return mu + torch.randn_like(std) * std if self.training else mu

    def decode(self, z):
        return torch.sigmoid(self.fc4(F.relu(self.fc3(z))))

    def forward(self, x):
        mu, logvar = self.encode(x.view(-1, 64))
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


def loss_function(recon_x, x, mu, logvar):
    bce = F.binary_cross_entropy(recon_x, x.view(-1, 64), reduction='sum')
    return bce - 0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())


batch_size = 4
model = VAE()
cmodel = torch.compile(model)
test_set = [torch.rand(batch_size, 1, 8, 8), torch.rand(batch_size, 1, 8, 8), torch.rand(batch_size, 1, 8, 8)]


@torch.compile
def first_batch_comparison(data, recon_batch):
    n = min(data.size(0), 8)
    return torch.cat([data[:n], recon_batch.view(batch_size, 1, 8, 8)[:n]])


def test(epoch):
    model.eval()
    test_loss = 0
    with torch.no_grad():
        for i, data in enumerate(test_set):
            recon_batch, mu, logvar = cmodel(data)
            test_loss += loss_function(recon_batch, data, mu, logvar).item()
            if i == 0:
                comparison = first_batch_comparison(data, recon_batch)
                print(epoch, tuple(comparison.shape), round(comparison.sum().item(), 2))
    print('test loss', round(test_loss / (len(test_set) * batch_size), 3))


test(1)
batch_size = 2
test_set = [t[:2] for t in test_set]
test(2)
