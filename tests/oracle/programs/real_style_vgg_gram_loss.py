"""real: fast-neural-style training objective: VGG-like slices returning a namedtuple of features, gram_matrix (view + bmm / (ch*h*w)), normalize_batch (new_tensor mean/std, div_ 255), content + style MSE loss in one compiled function -- pytorch/examples fast_neural_style/neural_style/{vgg,utils,neural_style}.py."""
from collections import namedtuple
import torch
import torch.nn as nn
torch.manual_seed(0)

class Vgg(nn.Module):
    def __init__(self):
        super().__init__()
        self.slice1 = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU())
        self.slice2 = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(4, 8, 3, padding=1), nn.ReLU())
        for param in self.parameters():
            param.requires_grad = False

    def forward(self, X):
        h_relu1 = self.slice1(X)
        h_relu2 = self.slice2(h_relu1)
        VggOutputs = namedtuple("VggOutputs", ["relu1_2", "relu2_2"])
        return VggOutputs(h_relu1, h_relu2)

def gram_matrix(y):
    (b, ch, h, w) = y.size()
    features = y.view(b, ch, w * h)
    return features.bmm(features.transpose(1, 2)) / (ch * h * w)

def normalize_batch(batch):
    mean = batch.new_tensor([0.485, 0.456, 0.406]).view(-1, 1, 1)
    std = batch.new_tensor([0.229, 0.224, 0.225]).view(-1, 1, 1)
    batch = batch.div_(255.0)
    return (batch - mean) / std

transformer = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, 4, 3), nn.ReLU(), nn.ReflectionPad2d(1), nn.Conv2d(4, 3, 3))
vgg = Vgg()
optimizer = torch.optim.Adam(transformer.parameters(), 1e-3)
style = torch.rand(1, 3, 8, 8) * 255
gram_style = [gram_matrix(y) for y in vgg(normalize_batch(style))]

@torch.compile
def compute_loss(x, content_weight=1e5, style_weight=1e10):
    n_batch = len(x)
    y = normalize_batch(transformer(x))
    x = normalize_batch(x)
    features_y, features_x = vgg(y), vgg(x)
    content_loss = content_weight * nn.functional.mse_loss(features_y.relu2_2, features_x.relu2_2)
    style_loss = 0.0
    for ft_y, gm_s in zip(features_y, gram_style):
        gm_y = gram_matrix(ft_y)
        style_loss += nn.functional.mse_loss(gm_y, gm_s[:n_batch, :, :])
    return content_loss + style_weight * style_loss

for _ in range(2):
    optimizer.zero_grad()
    loss = compute_loss(torch.rand(2, 3, 8, 8) * 255)
    loss.backward()
    optimizer.step()
