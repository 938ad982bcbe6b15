"""real: forward-forward Layer (nn.Linear subclass, normalised input, own Adam) trained on pos/neg data, then predict loops over labels -- pytorch/examples mnist_forward_forward/main.py."""
import torch
import torch.nn as nn
torch.manual_seed(0)

def overlay_y_on_x(x, y, classes=10):
    x_ = x.clone()
    x_[:, :classes] *= 0.0
    x_[range(x.shape[0]), y] = x.max()
    return x_

class Layer(nn.Linear):
    def __init__(self, fin, fout):
        super().__init__(fin, fout)
        self.relu = nn.ReLU()
        self.opt = torch.optim.Adam(self.parameters(), lr=0.03)
        self.threshold = 2.0

    def forward(self, x):
        x_direction = x / (x.norm(2, 1, keepdim=True) + 1e-4)
        return self.relu(torch.mm(x_direction, self.weight.T) + self.bias.unsqueeze(0))

    def train_layer(self, x_pos, x_neg, epochs=2):
        for _ in range(epochs):
            g_pos = self(x_pos).pow(2).mean(1)
            g_neg = self(x_neg).pow(2).mean(1)
            loss = torch.log1p(torch.exp(torch.cat([-g_pos + self.threshold, g_neg - self.threshold]))).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return self(x_pos).detach(), self(x_neg).detach()

layers = [torch.compile(Layer(20, 12)), torch.compile(Layer(12, 12))]
x, y = torch.rand(6, 20), torch.randint(0, 10, (6,))
h_pos, h_neg = overlay_y_on_x(x, y), overlay_y_on_x(x, (y + 1) % 10)
for layer in layers:
    h_pos, h_neg = layer.train_layer(h_pos, h_neg)

goodness_per_label = []
for label in range(3):
    h = overlay_y_on_x(x, label)
    goodness = []
    for layer in layers:
        h = layer(h)
        goodness = goodness + [h.pow(2).mean(1)]
    goodness_per_label += [sum(goodness).unsqueeze(1)]
pred = torch.cat(goodness_per_label, 1).argmax(1)
