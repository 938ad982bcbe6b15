"""real: pytorch-grad-cam ActivationsAndGradients on a compiled CNN: register_forward_hook on the target layer saving activation.cpu().detach() into a python list, and on the output tensor output.register_hook(_store_grad) that inserts grad.cpu().detach() at the front of the gradients list; class score of the argmax category backpropagated, CAM = relu(sum(weights * activations)) normalized; two images then a batch of two."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ActivationsAndGradients:
    def __init__(self, model, target_layers):
        self.model = model
        self.gradients = []
        self.activations = []
        self.handles = []
        for target_layer in target_layers:
            self.handles.append(target_layer.register_forward_hook(self.save_activation))
            self.handles.append(target_layer.register_forward_hook(self.save_gradient))

    def save_activation(self, module, input, output):
        self.activations.append(output.cpu().detach())

    def save_gradient(self, module, input, output):
        if not hasattr(output, "requires_grad") or not output.requires_grad:
            return

        def _store_grad(grad):
            self.gradients = [grad.cpu().detach()] + self.gradients

        output.register_hook(_store_grad)

    def __call__(self, x):
        self.gradients = []
        self.activations = []
        return self.model(x)


model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4)).eval()
target_layer = model[2]
cmodel = torch.compile(model, backend="eager")
ag = ActivationsAndGradients(cmodel, [target_layer])


def grad_cam(x):
    outputs = ag(x)
    category = outputs.argmax(-1)
    model.zero_grad()
    loss = sum(outputs[i, c] for i, c in enumerate(category.tolist()))
    loss.backward(retain_graph=True)
    acts = ag.activations[-1]
    grads = ag.gradients[-1]
    weights = grads.mean(dim=(2, 3), keepdim=True)
    cam = F.relu((weights * acts).sum(1))
    cam = cam - cam.amin(dim=(1, 2), keepdim=True)
    return cam / (cam.amax(dim=(1, 2), keepdim=True) + 1e-7)


for x in (torch.randn(1, 3, 8, 8), torch.randn(1, 3, 8, 8), torch.randn(2, 3, 8, 8)):
    cam = grad_cam(x)
    print(tuple(cam.shape), round(cam.mean().item(), 4))
