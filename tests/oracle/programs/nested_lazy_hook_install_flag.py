"""nested: a model wrapper installs forward hooks on its children lazily, the first time a flag asks for captured activations (a helper loops over named_children and registers a hook on each, then marks the model as hooked); the compiled forward is called without, then with, the flag -- transformers output_capturing maybe_install_capturing_hooks."""
import torch

captured = []


def capture_hook(module, args, output):
    captured.append(output)


def install_hooks(model):
    if getattr(model, "_hooked", False):
        return
    for name, child in model.named_children():
        child.register_forward_hook(capture_hook)
    model._hooked = True


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(4, 4)
        self.b = torch.nn.Linear(4, 2)

    def forward(self, x, keep=False):
        if keep:
            install_hooks(self)
        return self.b(self.a(x).relu())


torch.manual_seed(0)
net = Net()
cnet = torch.compile(net)
x = torch.randn(3, 4)
print(round(cnet(x).sum().item(), 4))
print(round(cnet(x, keep=True).sum().item(), 4), len(captured))
print(round(cnet(x, keep=True).sum().item(), 4), len(captured))
