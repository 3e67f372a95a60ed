// The grokking and pre-LN/post-LN pages' own strings (the elements bring theirs).
import { NAV_MESSAGES } from './nav-messages.js';

export const GROKKING_PAGE_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'Grokking — attnscope',
    title: 'Grokking',
    lede: 'A small Transformer learns a + b mod p from half of all pairs. It fits its training pairs within about a hundred steps, while its accuracy on the other pairs stays low; with weight decay it later jumps to nearly 100% — it “groks” (Power et al. 2022). Train it here, in a Worker of this page, with and without weight decay.',
    'run.title': 'Train the model',
    'notes.title': 'The setting',
    'notes.data': 'Data: every pair (a, b) with 0 ≤ a, b < p is a sequence [a, b, =] whose answer is a + b mod p (or a − b mod p); a seeded shuffle puts a fraction of the p² pairs in training, the rest in validation. Only the answer position is trained (the other targets are −1).',
    'notes.model': 'Model: one block of the core’s gpt2 family (d 64, 4 heads, ReLU MLP 4d, learned positions, LayerNorm), trained on the whole training set every step (full batch) with AdamW: learning rate 3·10⁻³ after a 10-step warm-up, betas (0.9, 0.98), weight decay on the matrices.',
    'notes.decay': 'Weight decay is what makes it generalise here. With 40% of the pairs for training (C = 32), weight decay 1 reached 95% validation accuracy at step 1,400; with weight decay 0 the same model, split and seed had the same 100% training accuracy and 39% validation accuracy at that step (`npm run experiments`). For a + b, a validation pair whose swap (b, a) is a training pair can be answered by symmetry alone, so about that share comes without generalising; a − b has no such help.',
    'notes.spectrum': 'What was learned: read each embedding column as a function of the token 0…p−1 and take its discrete Fourier transform. After grokking the energy sits on a few frequencies — the network adds numbers by rotating through them (Nanda et al. 2023).',
    'call.summary': 'The calls behind this page',
    footer: 'Trained by the wasm core in a Web Worker of this page (seeded); the same run in Node gives the same numbers',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': 'グロッキング — attnscope',
    title: 'グロッキング',
    lede: '小さな Transformer に、全ペアの半分から a + b mod p を学ばせます。訓練ペアには百ステップほどで合うようになりますが、残りのペアでの正解率は低いままです。重み減衰があると、ずっと後になって正解率が 100% 近くまで跳ね上がります。これが「グロッキング」です（Power ら 2022）。このページの Worker で、重み減衰のあり・なしを学習させてみましょう。',
    'run.title': 'モデルを学習させる',
    'notes.title': '設定',
    'notes.data': 'データ: 0 ≤ a, b < p のペア (a, b) を系列 [a, b, =] とし、答えは a + b mod p（または a − b mod p）です。シード付きのシャッフルで p² 個のペアの一部を訓練に、残りを検証に回します。学習するのは答えの位置だけです（他の目標は −1）。',
    'notes.model': 'モデル: コアの gpt2 系 1 ブロック（d 64、4 ヘッド、ReLU の MLP 4d、学習する位置埋め込み、LayerNorm）。毎ステップ訓練データ全体（フルバッチ）で AdamW により学習します。学習率は 10 ステップのウォームアップ後 3·10⁻³、betas (0.9, 0.98)、重み減衰は行列にかけます。',
    'notes.decay': 'ここで汎化をもたらすのは重み減衰です。ペアの 40% で訓練（C = 32）すると、重み減衰 1 では検証精度がステップ 1,400 で 95% に達し、重み減衰 0 では同じモデル・分割・シードで訓練精度は同じ 100% なのに、そのステップの検証精度は 39% でした（`npm run experiments`）。a + b では、入れ替えた (b, a) が訓練にある検証ペアは対称性だけで答えられるので、その割合ぶんは汎化なしでも当たります。a − b にはその助けがありません。',
    'notes.spectrum': '学んだもの: 埋め込みの各列をトークン 0…p−1 の関数とみなし、離散フーリエ変換します。グロッキングの後はエネルギーが少数の周波数に集中します。ネットワークはそれらの周波数での回転として足し算をしています（Nanda ら 2023）。',
    'call.summary': 'このページの呼び出し',
    footer: 'このページの Web Worker で wasm コアが学習（シード固定）。Node で同じ実行をすると同じ数値になります',
  },
};

export const NORM_PAGE_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'Pre-LN and post-LN — attnscope',
    title: 'Pre-LN and post-LN',
    lede: 'Where the LayerNorm sits changes how gradients reach each layer of a deep stack (Xiong et al. 2020). The same 8-layer model — same initial weights, same batches of a copying task — is trained four ways: pre-LN or post-LN, with or without learning-rate warm-up. Compare each layer’s gradient norm at initialisation and as training starts, and the losses.',
    'run.title': 'Train four stacks',
    'notes.title': 'What to look for',
    'notes.post': 'Post-LN: x ← LN(x + f(x)). Every block’s output passes through a norm, so the gradient to a layer is rescaled by every norm above it; the layers’ norms differ from pre-LN’s from step 0, and without warm-up the first full-size steps move the weights while those gradients are still unbalanced.',
    'notes.pre': 'Pre-LN: x ← x + f(LN(x)). The residual path from the loss to every layer has no norm on it, so at initialisation the layers get gradients of a similar size.',
    'notes.warmup': 'Warm-up: the learning rate rises linearly from 0 over the first steps (llama2.c’s schedule: lr·it/warmup), so the first updates are small while Adam’s moment estimates settle. Pick a step with “Gradient norms at step” to compare the variants there.',
    'call.summary': 'The calls behind this page',
    footer: 'Trained by the wasm core in a Web Worker of this page (seeded); the same run in Node gives the same numbers',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': 'Pre-LN と Post-LN — attnscope',
    title: 'Pre-LN と Post-LN',
    lede: 'LayerNorm をどこに置くかで、深いスタックの各層に届く勾配が変わります（Xiong ら 2020）。同じ 8 層のモデル（同じ初期重み、コピー課題の同じバッチ）を、Pre-LN か Post-LN か、学習率のウォームアップのあり・なしの 4 通りで学習させます。初期化時と学習の始まりでの各層の勾配ノルムと、損失を比べましょう。',
    'run.title': '4 つのスタックを学習させる',
    'notes.title': '見どころ',
    'notes.post': 'Post-LN: x ← LN(x + f(x))。各ブロックの出力が正規化を通るので、ある層への勾配はその上にあるすべての正規化でスケールし直されます。層ごとの勾配ノルムはステップ 0 から Pre-LN と違い、ウォームアップがないと、勾配が偏ったまま最初から大きなステップで重みが動きます。',
    'notes.pre': 'Pre-LN: x ← x + f(LN(x))。損失から各層への残差の道に正規化がないので、初期化時には各層が同程度の大きさの勾配を受け取ります。',
    'notes.warmup': 'ウォームアップ: 学習率を最初の数ステップで 0 から線形に上げます（llama2.c のスケジュール: lr·it/warmup）。Adam のモーメント推定が落ち着くまで、最初の更新は小さくなります。「勾配ノルムを表示するステップ」でステップを選ぶと、その時点で各方式を比べられます。',
    'call.summary': 'このページの呼び出し',
    footer: 'このページの Web Worker で wasm コアが学習（シード固定）。Node で同じ実行をすると同じ数値になります',
  },
};
