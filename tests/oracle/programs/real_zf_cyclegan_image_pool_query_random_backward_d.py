"""real: junyanz CycleGAN backward_D_A compiled: fake_B = fake_B_pool.query(fake_B) (ImagePool with python list, num_imgs counter, random.uniform(0, 1) > 0.5 swap with random.randint index and .clone()), PatchGAN discriminator on real and detached fake, GANLoss('lsgan') expanding registered real_label/fake_label buffers with expand_as, (loss_real + loss_fake) * 0.5 then backward; pool_size 3 with batches of 2 so the pool fills during the run."""
import random
import torch
import torch.nn as nn

torch.manual_seed(0)
random.seed(0)


class ImagePool():
    def __init__(self, pool_size):
        self.pool_size = pool_size
        if self.pool_size > 0:
            self.num_imgs = 0
            self.images = []

    def query(self, images):
        if self.pool_size == 0:
            return images
        return_images = []
        for image in images:
            image = torch.unsqueeze(image.data, 0)
            if self.num_imgs < self.pool_size:
                self.num_imgs = self.num_imgs + 1
                self.images.append(image)
                return_images.append(image)
            else:
                p = random.uniform(0, 1)
                if p > 0.5:
                    random_id = random.randint(0, self.pool_size - 1)
                    tmp = self.images[random_id].clone()
                    self.images[random_id] = image
                    return_images.append(tmp)
                else:
                    return_images.append(image)
        return torch.cat(return_images, 0)


class GANLoss(nn.Module):
    def __init__(self, gan_mode, target_real_label=1.0, target_fake_label=0.0):
        super().__init__()
        self.register_buffer('real_label', torch.tensor(target_real_label))
        self.register_buffer('fake_label', torch.tensor(target_fake_label))
        self.gan_mode = gan_mode
        if gan_mode == 'lsgan':
            self.loss = nn.MSELoss()
        elif gan_mode == 'vanilla':
            self.loss = nn.BCEWithLogitsLoss()

    def get_target_tensor(self, prediction, target_is_real):
        target_tensor = self.real_label if target_is_real else self.fake_label
        return target_tensor.expand_as(prediction)

    def forward(self, prediction, target_is_real):
        target_tensor = self.get_target_tensor(prediction, target_is_real)
        return self.loss(prediction, target_tensor)


netD_A = nn.Sequential(nn.Conv2d(3, 8, 4, 2, 1), nn.LeakyReLU(0.2, True), nn.Conv2d(8, 8, 4, 2, 1), nn.InstanceNorm2d(8),
                       nn.LeakyReLU(0.2, True), nn.Conv2d(8, 1, 3, 1, 1))
netG_A = nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), nn.ReLU(True), nn.Conv2d(8, 3, 3, 1, 1), nn.Tanh())
criterionGAN = GANLoss('lsgan')
fake_B_pool = ImagePool(3)
optimizer_D = torch.optim.Adam(netD_A.parameters(), lr=2e-4, betas=(0.5, 0.999))


def backward_D_basic(netD, real, fake):
    pred_real = netD(real)
    loss_D_real = criterionGAN(pred_real, True)
    pred_fake = netD(fake.detach())
    loss_D_fake = criterionGAN(pred_fake, False)
    loss_D = (loss_D_real + loss_D_fake) * 0.5
    loss_D.backward()
    return loss_D


@torch.compile(backend="eager")
def backward_D_A(real_B, fake_B):
    fake_B = fake_B_pool.query(fake_B)
    return backward_D_basic(netD_A, real_B, fake_B)


for step in range(4):
    real_A = torch.randn(2, 3, 16, 16)
    real_B = torch.randn(2, 3, 16, 16)
    fake_B = netG_A(real_A)
    optimizer_D.zero_grad()
    loss = backward_D_A(real_B, fake_B)
    optimizer_D.step()
    print(step, fake_B_pool.num_imgs, round(loss.item(), 4))
