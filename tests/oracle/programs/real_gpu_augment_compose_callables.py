"""real: on-device batch augmentation pipeline compiled together with the model: a Compose-like plain class (self.transforms list, __call__ loops) of callable transform objects -- AdjustBrightness(self.factor), Normalize(self.mean, self.std lists) -- applied before the network; the script strengthens the brightness factor for a later epoch and swaps the normalization stats for a new dataset -- torchvision transforms.Compose of tensor transforms / Kornia-style GPU augmentation."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img):
        for t in self.transforms:
            img = t(img)
        return img


class AdjustBrightness:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, img):
        return (img * self.factor).clamp(0, 1)


class Normalize:
    def __init__(self, mean, std):
        self.mean = mean
        self.std = std

    def __call__(self, img):
        mean = torch.tensor(self.mean).view(-1, 1, 1)
        std = torch.tensor(self.std).view(-1, 1, 1)
        return (img - mean) / std


augment = Compose([AdjustBrightness(1.0), Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])])
net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 2)).eval()


@torch.compile
def predict(img):
    return net(augment(img))


img = torch.rand(2, 3, 6, 6)
with torch.no_grad():
    print("a", [round(v, 4) for v in predict(img).flatten().tolist()])
    augment.transforms[0].factor = 1.5
    print("b", [round(v, 4) for v in predict(img).flatten().tolist()])
    augment.transforms[1].mean = [0.5, 0.5, 0.5]
    print("c", [round(v, 4) for v in predict(img).flatten().tolist()])
