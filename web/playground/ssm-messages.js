// Strings of the state-space models page (Japanese and English).
export const SSM_MESSAGES = {
  en: {
    'doc.title': 'State-space models — attnscope',
    title: 'State-space models and Mamba',
    lede: 'A state-space model reads a sequence like an RNN, keeping a small state, yet a time-invariant one is also a convolution, so it trains in parallel. Mamba makes the step size depend on the token, so the model chooses what to keep and what to forget.',
    'selective.section': 'Keep or forget',
    'selective.hint': 'Mark tokens as “write”: with a large Δ the state forgets what it held and takes that token; with a small Δ it keeps its state.',
    'invariant.section': 'Recurrence = convolution',
    'invariant.hint': 'With one Δ for every token the same output comes from a recurrence and from a convolution with the kernel K[k] = Σ_n C_n·exp(k·Δ·A_n)·Δ·B_n.',
    footer: 'Computed in this page by the attnscope WebAssembly core',
    backend: 'backend',
  },
  ja: {
    'doc.title': '状態空間モデル — attnscope',
    title: '状態空間モデルと Mamba',
    lede: '状態空間モデルは RNN のように小さな状態を持って系列を読みますが、時不変なら畳み込みでもあるので並列に学習できます。Mamba はステップ幅をトークンに応じて変え、何を保ち何を忘れるかをモデル自身が選びます。',
    'selective.section': '保つか、忘れるか',
    'selective.hint': 'トークンを「書く」にすると、大きな Δ で状態はそれまでの内容を忘れてそのトークンを取り込みます。小さな Δ では状態を保ちます。',
    'invariant.section': '再帰 = 畳み込み',
    'invariant.hint': 'すべてのトークンで同じ Δ なら、同じ出力が再帰からも、カーネル K[k] = Σ_n C_n·exp(k·Δ·A_n)·Δ·B_n の畳み込みからも得られます。',
    footer: 'このページの中で attnscope の WebAssembly コアが計算',
    backend: 'バックエンド',
  },
};
