# A global nn.Module rebound to a differently shaped one.
# expect-entries: 2
# expect-reason: 0/0: tensor 'G['LAYER']._parameters['bias']' size mismatch at index 0. expected 3, actual 5. Guard failed on a parameter, consider using torch._dynamo.config.force_parameter_static_shapes = False to allow dynamism on parameters.
import torch
LAYER = torch.nn.Linear(3, 3)
@torch.compile
def f(x):
    return LAYER(x)
f(torch.ones(1, 3))
LAYER = torch.nn.Linear(3, 5)
f(torch.ones(1, 3)).shape
