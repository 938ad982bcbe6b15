"""real: CapsNet (gram-ai/capsule-networks) -- PrimaryCaps as a list of conv capsules stacked and squashed, DigitCaps routing-by-agreement with route_weights Parameter, priors = x[None, :, :, None, :] @ route_weights[:, None, :, :, :], logits = torch.zeros(*priors.size()) re-created each forward, `for i in range(self.num_iterations)` with softmax over dim 2, `if i != self.num_iterations - 1` update; margin loss; reconstruction masked by argmax one-hot via torch.eye(NUM_CLASSES).index_select(dim=0, index=max_length_indices)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
NUM_CLASSES = 4


def softmax(input, dim=1):
    transposed_input = input.transpose(dim, len(input.size()) - 1)
    softmaxed_output = F.softmax(transposed_input.contiguous().view(-1, transposed_input.size(-1)), dim=-1)
    return softmaxed_output.view(*transposed_input.size()).transpose(dim, len(input.size()) - 1)


class CapsuleLayer(nn.Module):
    def __init__(self, num_capsules, num_route_nodes, in_channels, out_channels, kernel_size=None, stride=None, num_iterations=3):
        super().__init__()
        self.num_route_nodes = num_route_nodes
        self.num_iterations = num_iterations
        self.num_capsules = num_capsules
        if num_route_nodes != -1:
            self.route_weights = nn.Parameter(torch.randn(num_capsules, num_route_nodes, in_channels, out_channels))
        else:
            self.capsules = nn.ModuleList([nn.Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, padding=0) for _ in range(num_capsules)])

    def squash(self, tensor, dim=-1):
        squared_norm = (tensor ** 2).sum(dim=dim, keepdim=True)
        scale = squared_norm / (1 + squared_norm)
        return scale * tensor / torch.sqrt(squared_norm)

    def forward(self, x):
        if self.num_route_nodes != -1:
            priors = x[None, :, :, None, :] @ self.route_weights[:, None, :, :, :]
            logits = torch.zeros(*priors.size())
            for i in range(self.num_iterations):
                probs = softmax(logits, dim=2)
                outputs = self.squash((probs * priors).sum(dim=2, keepdim=True))
                if i != self.num_iterations - 1:
                    delta_logits = (priors * outputs).sum(dim=-1, keepdim=True)
                    logits = logits + delta_logits
        else:
            outputs = [capsule(x).view(x.size(0), -1, 1) for capsule in self.capsules]
            outputs = torch.cat(outputs, dim=-1)
            outputs = self.squash(outputs)
        return outputs


class CapsuleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, kernel_size=3, stride=1)
        self.primary_capsules = CapsuleLayer(num_capsules=4, num_route_nodes=-1, in_channels=8, out_channels=4, kernel_size=3, stride=2)
        self.digit_capsules = CapsuleLayer(num_capsules=NUM_CLASSES, num_route_nodes=4 * 3 * 3, in_channels=4, out_channels=6)

    def forward(self, x, y=None):
        x = F.relu(self.conv1(x), inplace=True)
        x = self.primary_capsules(x)
        x = self.digit_capsules(x).squeeze().transpose(0, 1)
        classes = (x ** 2).sum(dim=-1) ** 0.5
        classes = F.softmax(classes, dim=-1)
        if y is None:
            _, max_length_indices = classes.max(dim=1)
            y = torch.eye(NUM_CLASSES).index_select(dim=0, index=max_length_indices.data)
        return classes, (x * y[:, :, None]).reshape(x.size(0), -1)


model = CapsuleNet()
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.Adam(model.parameters())
images, labels = torch.rand(6, 1, 9, 9), torch.randint(0, NUM_CLASSES, (6,))
for step in range(2):
    y = torch.eye(NUM_CLASSES).index_select(dim=0, index=labels[:4])
    classes, masked = cmodel(images[:4], y)
    left = F.relu(0.9 - classes, inplace=True) ** 2
    right = F.relu(classes - 0.1, inplace=True) ** 2
    loss = (y * left + 0.5 * (1. - y) * right).sum() / 4
    optimizer.zero_grad(); loss.backward(); optimizer.step()
    print(step, round(loss.item(), 4))
with torch.no_grad():
    classes, _ = cmodel(images[4:])
    print(classes.argmax(-1).tolist())
