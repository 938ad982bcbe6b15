"""real: ViT whose InputEmbedding builds a PatchExtractor module inside forward (unfold/permute/view with an assert and f-string message), a class token of batch_size rows, nn.MultiheadAttention encoder blocks sharing one LayerNorm, MLPHead on token 0; TrainEval train_fn / eval_fn over DataLoaders with drop_last -- pytorch/examples vision_transformer/main.py."""
import types
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)


class PatchExtractor(nn.Module):
    def __init__(self, patch_size=16):
        super().__init__()
        self.patch_size = patch_size

    def forward(self, input_data):
        batch_size, channels, height, width = input_data.size()
        assert height % self.patch_size == 0 and width % self.patch_size == 0, \
            f"Input height ({height}) and width ({width}) must be divisible by patch size ({self.patch_size})"
        num_patches_h = height // self.patch_size
        num_patches_w = width // self.patch_size
        num_patches = num_patches_h * num_patches_w
        patches = input_data.unfold(2, self.patch_size, self.patch_size). \
            unfold(3, self.patch_size, self.patch_size). \
            permute(0, 2, 3, 1, 4, 5). \
            contiguous(). \
            view(batch_size, num_patches, -1)
        return patches


class InputEmbedding(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.patch_size = args.patch_size
        self.n_channels = args.n_channels
        self.latent_size = args.latent_size
        self.device = torch.device("cpu")
        self.batch_size = args.batch_size
        self.input_size = self.patch_size * self.patch_size * self.n_channels
        self.LinearProjection = nn.Linear(self.input_size, self.latent_size)
        self.class_token = nn.Parameter(torch.randn(self.batch_size, 1, self.latent_size).to(self.device))
        self.pos_embedding = nn.Parameter(torch.randn(self.batch_size, 1, self.latent_size).to(self.device))

    def forward(self, input_data):
        input_data = input_data.to(self.device)
        patchify = PatchExtractor(patch_size=self.patch_size)
        patches = patchify(input_data)
        linear_projection = self.LinearProjection(patches).to(self.device)
        b, n, _ = linear_projection.shape
        linear_projection = torch.cat((self.class_token, linear_projection), dim=1)
        pos_embed = self.pos_embedding[:, :n + 1, :]
        linear_projection += pos_embed
        return linear_projection


class EncoderBlock(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.latent_size = args.latent_size
        self.norm = nn.LayerNorm(self.latent_size)
        self.attention = nn.MultiheadAttention(self.latent_size, args.num_heads, dropout=args.dropout)
        self.enc_MLP = nn.Sequential(
            nn.Linear(self.latent_size, self.latent_size * 4), nn.GELU(), nn.Dropout(args.dropout),
            nn.Linear(self.latent_size * 4, self.latent_size), nn.Dropout(args.dropout))

    def forward(self, emb_patches):
        first_norm = self.norm(emb_patches)
        attention_out = self.attention(first_norm, first_norm, first_norm)[0]
        first_added = attention_out + emb_patches
        second_norm = self.norm(first_added)
        mlp_out = self.enc_MLP(second_norm)
        return mlp_out + first_added


class ViT(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.embedding = InputEmbedding(args)
        self.encoders = nn.ModuleList([EncoderBlock(args) for _ in range(args.num_encoders)])
        self.MLPHead = nn.Sequential(nn.LayerNorm(args.latent_size), nn.Linear(args.latent_size, args.latent_size),
                                     nn.Linear(args.latent_size, args.num_classes))

    def forward(self, test_input):
        enc_output = self.embedding(test_input)
        for enc_layer in self.encoders:
            enc_output = enc_layer(enc_output)
        class_token_embed = enc_output[:, 0]
        return self.MLPHead(class_token_embed)


args = types.SimpleNamespace(patch_size=4, latent_size=16, n_channels=3, num_heads=2, num_encoders=2,
                             dropout=0.1, num_classes=5, batch_size=4, epochs=2)
train_loader = DataLoader(TensorDataset(torch.randn(10, 3, 8, 8), torch.randint(0, 5, (10,))),
                          batch_size=args.batch_size, shuffle=False, drop_last=True)
valid_loader = DataLoader(TensorDataset(torch.randn(8, 3, 8, 8), torch.randint(0, 5, (8,))),
                          batch_size=args.batch_size, drop_last=True)
model = ViT(args)
model.compile()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2, weight_decay=3e-2)
criterion = nn.CrossEntropyLoss()

for epoch in range(args.epochs):
    model.train()
    total = 0.0
    for t, (images, labels) in enumerate(train_loader):
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
        total += loss.item()
    model.eval()
    vtotal = 0.0
    with torch.no_grad():
        for images, labels in valid_loader:
            vtotal += criterion(model(images), labels).item()
    print(epoch, round(total / len(train_loader), 4), round(vtotal / len(valid_loader), 4))
