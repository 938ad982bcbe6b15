"""real: VAE forward (reparameterize with randn_like) and BCE+KL loss in one compiled step -- pytorch/examples vae/main.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc21, self.fc22 = nn.Linear(16, 8), nn.Linear(8, 2), nn.Linear(8, 2)
        self.fc3, self.fc4 = nn.Linear(2, 8), nn.Linear(8, 16)

    def forward(self, x):
        h = F.relu(self.fc1(x.view(-1, 16)))
        mu, logvar = self.fc21(h), self.fc22(h)
        z = mu + torch.randn_like(logvar) * torch.exp(0.5 * logvar)
        return torch.sigmoid(self.fc4(F.relu(self.fc3(z)))), mu, logvar

model = VAE(); opt = torch.optim.Adam(model.parameters(), lr=1e-3)

@torch.compile
def loss_fn(x):
    recon, mu, logvar = model(x)
    bce = F.binary_cross_entropy(recon, x.view(-1, 16), reduction="sum")
    return bce - 0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())

for _ in range(3):
    opt.zero_grad()
    loss_fn(torch.rand(4, 1, 4, 4)).backward()
    opt.step()
