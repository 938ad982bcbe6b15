"""real: super-resolution Net (conv1..conv4 with orthogonal_ init scaled by calculate_gain('relu'), pixel_shuffle upscale), train epoch with MSELoss over a DataLoader, then test() computing PSNR as 10 * log10(1 / mse.item()) on low-res images of two different sizes -- pytorch/examples super_resolution/model.py + main.py."""
from math import log10
import torch
import torch.nn as nn
import torch.nn.init as init
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(123)


class Net(nn.Module):
    def __init__(self, upscale_factor):
        super().__init__()
        self.relu = nn.ReLU()
        self.conv1 = nn.Conv2d(1, 8, (5, 5), (1, 1), (2, 2))
        self.conv2 = nn.Conv2d(8, 8, (3, 3), (1, 1), (1, 1))
        self.conv3 = nn.Conv2d(8, 4, (3, 3), (1, 1), (1, 1))
        self.conv4 = nn.Conv2d(4, upscale_factor ** 2, (3, 3), (1, 1), (1, 1))
        self.pixel_shuffle = nn.PixelShuffle(upscale_factor)
        self._initialize_weights()

    def forward(self, x):
        x = self.relu(self.conv1(x))
        x = self.relu(self.conv2(x))
        x = self.relu(self.conv3(x))
        x = self.pixel_shuffle(self.conv4(x))
        return x

    def _initialize_weights(self):
        init.orthogonal_(self.conv1.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv2.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv3.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv4.weight)


upscale = 2
train_set = TensorDataset(torch.rand(8, 1, 8, 8), torch.rand(8, 1, 16, 16))
training_data_loader = DataLoader(train_set, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
model = Net(upscale_factor=upscale)
cmodel = torch.compile(model, dynamic=False)
criterion = nn.MSELoss()
optimizer = optim.Adam(model.parameters(), lr=0.01)


def train(epoch):
    epoch_loss = 0
    for iteration, (inp, target) in enumerate(training_data_loader, 1):
        optimizer.zero_grad()
        loss = criterion(cmodel(inp), target)
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()
    print("===> Epoch {} Complete: Avg. Loss: {:.4f}".format(epoch, epoch_loss / len(training_data_loader)))


def test(batches):
    avg_psnr = 0
    with torch.no_grad():
        for inp, target in batches:
            prediction = cmodel(inp)
            mse = criterion(prediction, target)
            psnr = 10 * log10(1 / mse.item())
            avg_psnr += psnr
    print("===> Avg. PSNR: {:.3f} dB".format(avg_psnr / len(batches)))


for epoch in range(1, 3):
    train(epoch)
test([(torch.rand(2, 1, 8, 8), torch.rand(2, 1, 16, 16)), (torch.rand(1, 1, 12, 10), torch.rand(1, 1, 24, 20))])
