import torch
torch.manual_seed(0)
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 8)
        self.b = torch.nn.Linear(8, 4)
    def forward(self, x):
        return self.b(torch.relu(self.a(x)))
model = Block()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(5):
    loss = model(torch.randn(4, 8)).pow(2).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    print(step, f"{loss.item():.6f}")
compiled = torch.compile(model)
x = torch.randn(2, 8)
# dynx returns the module itself (torch returns an OptimizedModule wrapper):
# print only what both have in common.
print(torch.equal(compiled(x), model(x)), compiled.a.weight.shape, compiled.training)
