# A model whose module, parameter and buffer names hold what could break
# generated C++ if it reached the source unescaped: quotes, newlines, comment
# ends, preprocessor lines, trigraphs, backslashes, non-ASCII.
import torch

EVIL = ['q"uote', 'new\nline', 'end*/comment', '#include <stdlib_h>', 'tri??/graph', 'back\\slash', 'ünï']


class Evil(torch.nn.Module):
    def __init__(self):
        super().__init__()
        for i, name in enumerate(EVIL):
            self.add_module(name, torch.nn.Linear(8, 8))
        self.register_buffer('buf"*/\n#define x', torch.ones(8))

    def forward(self, x):
        for name in EVIL:
            x = torch.relu(getattr(self, name)(x))
        return x * getattr(self, 'buf"*/\n#define x')


torch.manual_seed(0)
model = torch.compile(Evil().eval())
with torch.no_grad():
    print(model(torch.randn(2, 8)).sum().item())
