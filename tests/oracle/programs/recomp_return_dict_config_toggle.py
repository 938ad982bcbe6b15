"""recomp: a compiled model returns a ModelOutput-like dataclass or a tuple depending on a config flag and an optional labels kwarg -- test_model_output.py (return_dict / loss fields)."""
import dataclasses
from typing import Optional

import torch

torch.manual_seed(0)


@dataclasses.dataclass
class ClassifierOutput:
    logits: torch.Tensor
    loss: Optional[torch.Tensor] = None


class Config:
    use_return_dict = True


class Classifier(torch.nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x, labels=None, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        logits = self.fc(x)
        loss = None
        if labels is not None:
            loss = torch.nn.functional.cross_entropy(logits, labels)
        if not return_dict:
            return (logits,) if loss is None else (loss, logits)
        return ClassifierOutput(logits=logits, loss=loss)


cfg = Config()
model = torch.compile(Classifier(cfg))
x = torch.randn(2, 4)
y = torch.tensor([0, 2])
print(model(x).logits.shape)
print(model(x, labels=y).loss)
cfg.use_return_dict = False
print(len(model(x)))
print(len(model(x, labels=y)))
print(model(x, return_dict=True).loss)
