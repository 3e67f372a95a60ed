// The Train page's own strings (the widget brings its own).
import { NAV_MESSAGES } from './nav-messages.js';

export const TRAIN_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'Train a tiny model — attnscope',
    title: 'Train a tiny model',
    lede: 'A small language model learns a text in front of you, inside this page (a Web Worker; nothing is sent to a server). Pick Austen or paste your own text, choose a size and press Train: the loss falls, the samples turn from noise into words, and the attention heads start to look somewhere.',
    'train.title': 'Training in this page',
    'notes.title': 'What to look at',
    'notes.start': 'The first loss is close to ln(vocabulary size): an untrained model spreads its bet evenly over every token. The fall that follows is the model learning which characters are common, then which follow which.',
    'notes.held': 'The held-out loss is measured on the last tenth of the text, which the model never trains on. While it follows the training loss, the model is learning the language; when it stops falling while the training loss still falls, it has started memorising.',
    'notes.samples': 'Every sample starts from the same prompt and draws its tokens with the same seed at temperature 0.8, so any change between two samples is the training’s doing. The heatmap shows where one head of the current model looks on the last sample; change the layer and head to compare.',
    'notes.own': 'Your own text: choose “Your own text” and paste a few thousand characters or more — Japanese works with either characters or UTF-8 bytes as tokens. The same seed gives the same run in every browser. Download the checkpoint and tokenizer.bin for llama2.c’s run.c, or open the model in the Tiny models page.',
    'call.summary': 'The calls behind this page',
    footer: 'Trained in a Web Worker of this page by the attnscope WebAssembly core',
    backend: 'backend',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': '小さなモデルを学習する — attnscope',
    title: '小さなモデルを学習する',
    lede: '小さな言語モデルが、このページの中（Web Worker）で目の前のテキストを学習します。サーバーには何も送りません。オースティンを選ぶか自分のテキストを貼り付け、大きさを選んで「学習開始」を押すと、損失が下がり、サンプルが雑音から単語へ変わり、アテンション・ヘッドがどこかを見始めます。',
    'train.title': 'このページでの学習',
    'notes.title': '見どころ',
    'notes.start': '最初の損失は ln（語彙の大きさ）に近い値です。学習前のモデルはすべてのトークンに均等に賭けているからです。続く下降は、まずどの文字がよく出るか、次にどの文字の後に何が続くかを覚えていく過程です。',
    'notes.held': '検証損失は、学習に一度も使わないテキストの最後の 1 割で測ります。学習損失と一緒に下がっている間は言語そのものを学んでいます。学習損失が下がり続けるのに検証損失が下がらなくなったら、暗記が始まっています。',
    'notes.samples': 'サンプルは毎回同じプロンプトから、同じシード・温度 0.8 でトークンを引いて作るので、2 つのサンプルの違いはすべて学習によるものです。ヒートマップは現在のモデルの 1 ヘッドが最後のサンプルのどこを見ているかを示します。層とヘッドを変えて比べてみてください。',
    'notes.own': '自分のテキスト：「自分のテキスト」を選び、数千文字以上を貼り付けます。日本語は文字単位でも UTF-8 のバイト単位でも学習できます。同じシードならどのブラウザでも同じ学習になります。チェックポイントと tokenizer.bin を保存すれば llama2.c の run.c で動かせ、「小さなモデル」ページでも開けます。',
    'call.summary': 'このページの裏の呼び出し',
    footer: 'attnscope の WebAssembly コアがこのページの Web Worker 内で学習',
    backend: 'バックエンド',
  },
};
