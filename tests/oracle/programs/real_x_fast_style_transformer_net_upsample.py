"""real: fast-neural-style TransformerNet (ConvLayer with ReflectionPad2d, InstanceNorm2d affine, ResidualBlocks, UpsampleConvLayer that interpolates by self.upsample when set), gram_matrix with features.bmm(features_t) / (ch * h * w), content + style loss with a fixed random 'VGG' feature net, two image sizes, then stylize under no_grad -- pytorch/examples fast_neural_style/neural_style/transformer_net.py + utils.gram_matrix."""
import torch
import torch.nn as nn
torch.manual_seed(42)


class ConvLayer(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super().__init__()
        reflection_padding = kernel_size // 2
        self.reflection_pad = nn.ReflectionPad2d(reflection_padding)
        self.conv2d = nn.Conv2d(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        return self.conv2d(self.reflection_pad(x))


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = ConvLayer(channels, channels, kernel_size=3, stride=1)
        self.in1 = nn.InstanceNorm2d(channels, affine=True)
        self.conv2 = ConvLayer(channels, channels, kernel_size=3, stride=1)
        self.in2 = nn.InstanceNorm2d(channels, affine=True)
        self.relu = nn.ReLU()

    def forward(self, x):
        residual = x
        out = self.relu(self.in1(self.conv1(x)))
        out = self.in2(self.conv2(out))
        return out + residual


class UpsampleConvLayer(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, upsample=None):
        super().__init__()
        self.upsample = upsample
        self.reflection_pad = nn.ReflectionPad2d(kernel_size // 2)
        self.conv2d = nn.Conv2d(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        x_in = x
        if self.upsample:
            x_in = torch.nn.functional.interpolate(x_in, mode='nearest', scale_factor=self.upsample)
        return self.conv2d(self.reflection_pad(x_in))


class TransformerNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = ConvLayer(3, 4, kernel_size=9, stride=1)
        self.in1 = nn.InstanceNorm2d(4, affine=True)
        self.conv2 = ConvLayer(4, 8, kernel_size=3, stride=2)
        self.in2 = nn.InstanceNorm2d(8, affine=True)
        self.res1 = ResidualBlock(8)
        self.res2 = ResidualBlock(8)
        self.deconv1 = UpsampleConvLayer(8, 4, kernel_size=3, stride=1, upsample=2)
        self.in4 = nn.InstanceNorm2d(4, affine=True)
        self.deconv3 = ConvLayer(4, 3, kernel_size=9, stride=1)
        self.relu = nn.ReLU()

    def forward(self, X):
        y = self.relu(self.in1(self.conv1(X)))
        y = self.relu(self.in2(self.conv2(y)))
        y = self.res2(self.res1(y))
        y = self.relu(self.in4(self.deconv1(y)))
        return self.deconv3(y)


def gram_matrix(y):
    (b, ch, h, w) = y.size()
    features = y.view(b, ch, w * h)
    features_t = features.transpose(1, 2)
    return features.bmm(features_t) / (ch * h * w)


vgg = nn.Sequential(nn.Conv2d(3, 6, 3, padding=1), nn.ReLU(), nn.Conv2d(6, 6, 3, padding=1), nn.ReLU()).eval()
for p in vgg.parameters():
    p.requires_grad_(False)
transformer = TransformerNet()
ctransformer = torch.compile(transformer)
optimizer = torch.optim.Adam(transformer.parameters(), 1e-3)
mse_loss = nn.MSELoss()
style = torch.rand(1, 3, 16, 16)
gram_style = gram_matrix(vgg(style))
content_weight, style_weight = 1e5, 1e10

for step, size in enumerate((16, 16, 20)):
    x = torch.rand(2, 3, size, size)
    optimizer.zero_grad()
    y = ctransformer(x)
    features_y, features_x = vgg(y), vgg(x)
    content_loss = content_weight * mse_loss(features_y, features_x)
    gm_y = gram_matrix(features_y)
    style_loss = style_weight * mse_loss(gm_y, gram_style.expand_as(gm_y))
    total_loss = content_loss + style_loss
    total_loss.backward()
    optimizer.step()
    print(step, size, '%.4e' % content_loss.item(), '%.4e' % style_loss.item())
transformer.eval()
with torch.no_grad():
    out = ctransformer(torch.rand(1, 3, 16, 16)).clamp(0, 255)
print(tuple(out.shape), round(out.mean().item(), 4))
