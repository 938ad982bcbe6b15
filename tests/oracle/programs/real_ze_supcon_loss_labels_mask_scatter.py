"""real: HobbitLong/SupContrast losses.SupConLoss -- features [bsz, n_views, dim], `if len(features.shape) < 3: raise ValueError`, labels.contiguous().view(-1, 1) with `if labels.shape[0] != batch_size: raise`, mask = torch.eq(labels, labels.T).float(), contrast_mode 'all' vs 'one' branch on a string attr, torch.cat(torch.unbind(features, dim=1)), logits_max detach subtraction, logits_mask via torch.scatter(ones_like(mask), 1, arange(...).view(-1, 1), 0), mask_pos_pairs with torch.where(mask_pos_pairs < 1e-6, 1, mask_pos_pairs); two-crop augmentation training with a small ResNet-ish encoder + projection head, last short batch."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class SupConLoss(nn.Module):
    def __init__(self, temperature=0.07, contrast_mode='all', base_temperature=0.07):
        super().__init__()
        self.temperature = temperature
        self.contrast_mode = contrast_mode
        self.base_temperature = base_temperature

    def forward(self, features, labels=None, mask=None):
        device = features.device
        if len(features.shape) < 3:
            raise ValueError('`features` needs to be [bsz, n_views, ...],at least 3 dimensions are required')
        if len(features.shape) > 3:
            features = features.view(features.shape[0], features.shape[1], -1)
        batch_size = features.shape[0]
        if labels is not None and mask is not None:
            raise ValueError('Cannot define both `labels` and `mask`')
        elif labels is None and mask is None:
            mask = torch.eye(batch_size, dtype=torch.float32).to(device)
        elif labels is not None:
            labels = labels.contiguous().view(-1, 1)
            if labels.shape[0] != batch_size:
                raise ValueError('Num of labels does not match num of features')
            mask = torch.eq(labels, labels.T).float().to(device)
        else:
            mask = mask.float().to(device)
        contrast_count = features.shape[1]
        contrast_feature = torch.cat(torch.unbind(features, dim=1), dim=0)
        if self.contrast_mode == 'one':
            anchor_feature = features[:, 0]
            anchor_count = 1
        elif self.contrast_mode == 'all':
            anchor_feature = contrast_feature
            anchor_count = contrast_count
        else:
            raise ValueError('Unknown mode: {}'.format(self.contrast_mode))
        anchor_dot_contrast = torch.div(torch.matmul(anchor_feature, contrast_feature.T), self.temperature)
        logits_max, _ = torch.max(anchor_dot_contrast, dim=1, keepdim=True)
        logits = anchor_dot_contrast - logits_max.detach()
        mask = mask.repeat(anchor_count, contrast_count)
        logits_mask = torch.scatter(torch.ones_like(mask), 1, torch.arange(batch_size * anchor_count).view(-1, 1).to(device), 0)
        mask = mask * logits_mask
        exp_logits = torch.exp(logits) * logits_mask
        log_prob = logits - torch.log(exp_logits.sum(1, keepdim=True))
        mask_pos_pairs = mask.sum(1)
        mask_pos_pairs = torch.where(mask_pos_pairs < 1e-6, 1, mask_pos_pairs)
        mean_log_prob_pos = (mask * log_prob).sum(1) / mask_pos_pairs
        loss = - (self.temperature / self.base_temperature) * mean_log_prob_pos
        return loss.view(anchor_count, batch_size).mean()


class SupConNet(nn.Module):
    def __init__(self, dim_in=32, feat_dim=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten())
        self.head = nn.Sequential(nn.Linear(dim_in, dim_in), nn.ReLU(inplace=True), nn.Linear(dim_in, feat_dim))

    def forward(self, x):
        return F.normalize(self.head(self.encoder(x)), dim=1)


model, criterion = SupConNet(), SupConLoss(temperature=0.1)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)


@torch.compile(backend="eager")
def train_step(images, labels):
    bsz = labels.shape[0]
    features = model(images)
    f1, f2 = torch.split(features, [bsz, bsz], dim=0)
    features = torch.cat([f1.unsqueeze(1), f2.unsqueeze(1)], dim=1)
    loss = criterion(features, labels)
    opt.zero_grad(); loss.backward(); opt.step()
    return loss


for idx, bsz in enumerate([8, 8, 8, 5]):
    x, labels = torch.randn(bsz, 3, 8, 8), torch.randint(0, 3, (bsz,))
    images = torch.cat([x + 0.1 * torch.randn_like(x), torch.flip(x, dims=[3])], dim=0)
    loss = train_step(images, labels)
    print(idx, round(loss.item(), 4))
