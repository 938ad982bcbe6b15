"""real: VAE training with KL annealing: the whole step (zero_grad, forward with reparameterize, BCE + beta * KLD, backward, Adam step) compiled, beta = min(1, epoch / warmup) passed as a Python float that goes 0.0, 0.5, 1.0, 1.0 over the epochs, each epoch two batches of 8 and a last one of 5 -- pytorch/examples vae/main.py train() with beta-VAE KL warmup."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 8)
        self.fc21 = nn.Linear(8, 2)
        self.fc22 = nn.Linear(8, 2)
        self.fc3 = nn.Linear(2, 8)
        self.fc4 = nn.Linear(8, 16)

    def encode(self, x):
        h1 = F.relu(self.fc1(x))
        return self.fc21(h1), self.fc22(h1)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return mu + eps * std

    def decode(self, z):
        return torch.sigmoid(self.fc4(F.relu(self.fc3(z))))

    def forward(self, x):
        mu, logvar = self.encode(x.view(-1, 16))
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


model = VAE()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def loss_function(recon_x, x, mu, logvar, beta):
    bce = F.binary_cross_entropy(recon_x, x.view(-1, 16), reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return bce + beta * kld


@torch.compile(backend="eager")
def train_step(data, beta):
    optimizer.zero_grad()
    recon_batch, mu, logvar = model(data)
    loss = loss_function(recon_batch, data, mu, logvar, beta)
    loss.backward()
    optimizer.step()
    return loss.detach()


warmup = 2
data = torch.rand(21, 1, 4, 4)
for epoch in range(4):
    beta = min(1.0, epoch / warmup)
    model.train()
    total = 0.0
    for start in range(0, 21, 8):
        batch = data[start:start + 8]
        total += train_step(batch, beta).item()
    print(epoch, beta, round(total / 21, 3))
