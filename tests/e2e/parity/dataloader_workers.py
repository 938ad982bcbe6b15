import sys
import torch
from torch.utils.data import DataLoader, Dataset

class Squares(Dataset):
    def __len__(self):
        return 16
    def __getitem__(self, i):
        return torch.tensor([float(i)]), torch.tensor([float(i * i)])

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(1, 1)
    def forward(self, x):
        return self.fc(x)

if __name__ == "__main__":
    torch.manual_seed(0)
    net = Net()
    for context in ("fork", "spawn"):
        loader = DataLoader(Squares(), batch_size=4, num_workers=2, multiprocessing_context=context)
        total = 0.0
        for x, y in loader:
            total += float(((net(x) - y) ** 2).mean())
        print(context, len(loader), round(total, 4))
    sys.exit(0)
