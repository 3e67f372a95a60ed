// The tiny-models page's own strings (the widgets bring theirs).
import { NAV_MESSAGES } from './nav-messages.js';

export const MODELS_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'Tiny models — attnscope',
    title: 'Tiny models',
    lede: 'Small language models that run inside this page, in a Web Worker: nothing is sent to a server. Type a prompt, watch the tokens stream, then click any generated token to see the probabilities the model gave its candidates and where each attention head looked.',
    'gpt.title': 'A language model in this page',
    'notes.title': 'What to look at',
    'notes.sort': 'Sort task: one layer, one head. Click the answer letters one by one: the head looks at the input letter that must be written next — the smallest one larger than the letter just written. Rearrange the input and the bright cells move with the letters.',
    'notes.chars': 'Character LM: with temperature 0 (greedy) it repeats itself; at 0.8 it writes Austen-like pseudo-English. The same seed gives the same text in every browser, in Node and in the native build.',
    'notes.words': 'Word LM: the same novel read as words — a 4,096-piece vocabulary learnt from it, so a token is a word or a piece of one. Click a generated word: its candidates are words too. In the table under it, open a head on the sentence with a pronoun or on your own text to see which earlier words it reads.',
    'notes.q8': 'Q8 or float32: the page starts with the character model’s Q8_0 copy (8-bit weights, about a quarter of the download; the line under the picker shows its size). Switch to float32 and generate with the same seed: the two texts start alike and part at a close call, where the models’ probabilities differ by a hair. On text neither has seen, their loss is the same.',
    'notes.own': 'Your own model: choose “Your own files” and pick (or drop) a Hugging Face folder of a GPT-2 or Llama model — config.json, model.safetensors and tokenizer.json, as transformers saves it — or a llama2.c checkpoint (for example stories260K.bin) and its tokenizer.bin. The files are read in this page; the bar shows the bytes as they are read, the line under the picker the folder’s name and size, and the table under the output what each of its heads does. A malformed file gives a readable error.',
    'notes.roles': 'What each head does: the table under the model is measured, not asserted. On random tokens written twice, an induction head looks at the token that followed the same token the first time; switch to the sentence with a pronoun and open a head to see where “it” looks, or paste your own text.',
    'call.summary': 'The calls behind this page',
    footer: 'Computed in a Web Worker of this page by the attnscope WebAssembly core',
    backend: 'backend',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': '小さなモデル — attnscope',
    title: '小さなモデル',
    lede: 'このページの中（Web Worker）で動く小さな言語モデルです。サーバーには何も送りません。プロンプトを入力して生成されるトークンを眺め、生成されたトークンをクリックすると、モデルが候補に与えた確率と、各アテンション・ヘッドがどこを見ていたかが分かります。',
    'gpt.title': 'このページで動く言語モデル',
    'notes.title': '見どころ',
    'notes.sort': '並べ替えタスク：1 層・1 ヘッドです。答えの文字を順にクリックすると、ヘッドは次に書くべき入力の文字（直前に書いた文字より大きいもののうち最小の文字）を見ています。入力の並びを変えると、明るいセルも文字と一緒に動きます。',
    'notes.chars': '文字単位の言語モデル：温度 0（貪欲法）では同じ句を繰り返し、0.8 ではオースティン風の擬似英語を書きます。同じシードなら、どのブラウザでも Node でもネイティブ版でも同じテキストになります。',
    'notes.words': '単語単位の言語モデル：同じ小説を単語として読みます。語彙は小説から学んだ 4,096 個のピースで、1 トークンは 1 語か語の一部です。生成された単語をクリックすると、候補も単語です。下の表で代名詞のある文や自分の文章を選んでヘッドを開くと、どの前の単語を読んでいるかが分かります。',
    'notes.q8': 'Q8 か float32 か：このページは文字単位モデルの Q8_0 版（8 ビットの重み、ダウンロードは約 4 分の 1。大きさはモデル選択の下の行に表示）で始まります。float32 版に切り替えて同じシードで生成すると、最初は同じテキストで、2 つのモデルの確率がわずかに違うきわどい箇所から別の続きになります。学習に使っていない文章での損失は同じです。',
    'notes.own': '手元のモデル：「手元のファイル」を選び、GPT-2 か Llama の Hugging Face フォルダ（transformers が保存する config.json、model.safetensors、tokenizer.json）を選ぶかドロップします。llama2.c のチェックポイント（例：stories260K.bin）と tokenizer.bin も使えます。ファイルはこのページの中で読まれます。バーが読み込んだバイト数を、モデル選択の下の行がフォルダの名前と大きさを、出力の下の表が各ヘッドの役割を示します。壊れたファイルには読めるエラーが表示されます。',
    'notes.roles': '各ヘッドの役割：モデルの下の表は、言い切りではなくその場の測定です。ランダムなトークンを 2 回続けた系列では、帰納ヘッドは 1 回目で同じトークンの次にあったトークンを見ます。代名詞のある文に切り替えてヘッドを開くと “it” がどこを見ているかが分かります。自分の文章も貼り付けられます。',
    'call.summary': 'このページの裏の呼び出し',
    footer: 'attnscope の WebAssembly コアがこのページの Web Worker 内で計算',
    backend: 'バックエンド',
  },
};
