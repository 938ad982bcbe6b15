"""real: char-RNN name classifier -- RNN module (i2h on torch.cat((input, hidden), 1), h2o, LogSoftmax) called once per letter of lineToTensor(line) with a hidden from initHidden(), train() with NLLLoss and the manual p.data.add_(p.grad.data, alpha=-learning_rate) update, categoryFromOutput via topk(1), names of different lengths -- PyTorch tutorial char_rnn_classification_tutorial."""
import string
import torch
import torch.nn as nn
torch.manual_seed(0)

all_letters = string.ascii_letters + " .,;'"
n_letters = len(all_letters)
all_categories = ['English', 'French', 'Italian']


def letterToIndex(letter):
    return all_letters.find(letter)


def lineToTensor(line):
    tensor = torch.zeros(len(line), 1, n_letters)
    for li, letter in enumerate(line):
        tensor[li][0][letterToIndex(letter)] = 1
    return tensor


class RNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.i2h = nn.Linear(input_size + hidden_size, hidden_size)
        self.h2o = nn.Linear(hidden_size, output_size)
        self.softmax = nn.LogSoftmax(dim=1)

    def forward(self, input, hidden):
        combined = torch.cat((input, hidden), 1)
        hidden = torch.tanh(self.i2h(combined))
        output = self.softmax(self.h2o(hidden))
        return output, hidden

    def initHidden(self):
        return torch.zeros(1, self.hidden_size)


rnn = RNN(n_letters, 16, len(all_categories))
crnn = torch.compile(rnn)
criterion = nn.NLLLoss()
learning_rate = 0.005


def categoryFromOutput(output):
    top_n, top_i = output.topk(1)
    category_i = top_i[0].item()
    return all_categories[category_i], category_i


def train(category_tensor, line_tensor):
    hidden = rnn.initHidden()
    rnn.zero_grad()
    for i in range(line_tensor.size()[0]):
        output, hidden = crnn(line_tensor[i], hidden)
    loss = criterion(output, category_tensor)
    loss.backward()
    for p in rnn.parameters():
        p.data.add_(p.grad.data, alpha=-learning_rate)
    return output, loss.item()


data = [('Smith', 0), ('Dubois', 1), ('Rossi', 2), ('Lee', 0), ('Moreau', 1), ('Bianchi', 2)]
for it, (line, cat) in enumerate(data):
    output, loss = train(torch.tensor([cat], dtype=torch.long), lineToTensor(line))
    guess, guess_i = categoryFromOutput(output)
    print(it, line, round(loss, 4), guess)


def evaluate(line_tensor):
    hidden = rnn.initHidden()
    for i in range(line_tensor.size()[0]):
        output, hidden = crnn(line_tensor[i], hidden)
    return output


with torch.no_grad():
    for name in ('Jackson', 'Satoshi'):
        output = evaluate(lineToTensor(name))
        topv, topi = output.topk(2, 1, True)
        print(name, [(round(topv[0][i].item(), 4), all_categories[topi[0][i].item()]) for i in range(2)])
