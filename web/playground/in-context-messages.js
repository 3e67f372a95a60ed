// The in-context page's own strings (the element brings its own).
import { NAV_MESSAGES } from './nav-messages.js';

export const IN_CONTEXT_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'In-context learning as gradient descent — attnscope',
    title: 'In-context learning as gradient descent',
    lede: 'A prompt holds pairs (x_i, y_i) of a random linear task y = w·x and a query x_q. One layer of linear self-attention, trained across many such tasks to predict y for the query, ends up doing one step of gradient descent on the pairs in its prompt (von Oswald et al. 2023). Train it here, in a Worker of this page, and compare it with that step and with ridge regression.',
    'run.title': 'Train the layer',
    'notes.title': 'The step, derived',
    'notes.loss': 'Loss convention: L(W) = Σ_i (y_i − W x_i)², a sum with no ½. Then:',
    'notes.construction': 'The layer ŷ = Σ_i (e_i·w_v)(e_iᵀ W_K)(W_Qᵀ e_q), with tokens e_i = (x_i, y_i) and e_q = (x_q, 0), is one GD step exactly when w_v reads y and W_K W_Qᵀ = 2η·I on the x block: then ŷ = 2η Σ_i y_i x_iᵀ x_q.',
    'notes.best': 'For w and x drawn from N(0, I) the best step is 2η* = 1/(n + d + 1 + σ²) (E S = nI and E S² = n(n+d+1)I for S = Σ x_i x_iᵀ); the tests check it against the step measured on 20,000 prompts.',
    'notes.ridge': 'Ridge regression (λ = σ²) solves the task from the pairs: once n passes d its error is far below one GD step’s. The layer, trained at one n, inherits the step’s fixed rate: it is worse than ridge, and worse than GD tuned for each n away from the training n.',
    'notes.ridgeFormula': 'Ridge’s prediction in attention’s letters: with the query x_q as Q (a row), the x_i as the rows of K and the y_i as V, ŷ_ridge = x_q (XᵀX + λI)⁻¹ Xᵀy = Q (KᵀK + λI)⁻¹ KᵀV. One GD step is Q · 2η · KᵀV: the same product with the fixed 2η·I where ridge puts the inverse of the keys’ Gram matrix KᵀK + λI (a d × d matrix, not the n × n KKᵀ of softmax attention). A layer of linear attention can hold 2η·I in W_K W_Qᵀ; it cannot invert a Gram matrix that depends on the prompt, which is why it stays a step behind ridge.',
    'call.summary': 'The calls behind this page',
    footer: 'Trained in a Web Worker of this page (float64 JavaScript, seeded); the same run in Node gives the same numbers',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': '文脈内学習は勾配降下 — attnscope',
    title: '文脈内学習は勾配降下',
    lede: 'プロンプトには、ランダムな線形タスク y = w·x の組 (x_i, y_i) と、問い合わせ x_q が入っています。多くのタスクで問い合わせの y を予測するよう学習した 1 層の線形セルフアテンションは、プロンプト内の組に対して勾配降下を 1 ステップ行う形になります（von Oswald ら 2023）。このページの Worker で学習させ、その 1 ステップやリッジ回帰と比べてみましょう。',
    'run.title': '層を学習させる',
    'notes.title': '1 ステップの導出',
    'notes.loss': '損失の約束：L(W) = Σ_i (y_i − W x_i)²（½ のない和）。すると：',
    'notes.construction': 'トークン e_i = (x_i, y_i)、e_q = (x_q, 0) に対する層 ŷ = Σ_i (e_i·w_v)(e_iᵀ W_K)(W_Qᵀ e_q) は、w_v が y を読み、W_K W_Qᵀ の x ブロックが 2η·I のとき、ちょうど勾配降下 1 ステップ ŷ = 2η Σ_i y_i x_iᵀ x_q になります。',
    'notes.best': 'w と x が N(0, I) に従うとき、最良のステップは 2η* = 1/(n + d + 1 + σ²) です（S = Σ x_i x_iᵀ について E S = nI、E S² = n(n+d+1)I）。テストでは 20,000 個のプロンプトで測ったステップと照合しています。',
    'notes.ridge': 'リッジ回帰（λ = σ²）は組からタスクを解きます。n が d を超えると、誤差は勾配降下 1 ステップよりはるかに小さくなります。ある n で学習した層は、1 ステップの固定の学習率を受け継ぐので、リッジより悪く、学習時と違う n では各 n に合わせた勾配降下よりも悪くなります。',
    'notes.ridgeFormula': 'アテンションの記号で書いたリッジの予測：問い合わせ x_q を Q（行ベクトル）、x_i を K の行、y_i を V とすると、ŷ_ridge = x_q (XᵀX + λI)⁻¹ Xᵀy = Q (KᵀK + λI)⁻¹ KᵀV です。勾配降下 1 ステップは Q · 2η · KᵀV で、リッジがキーのグラム行列 KᵀK + λI の逆行列（d × d。ソフトマックスアテンションの n × n の KKᵀ ではありません）を置く場所に、固定の 2η·I を置いた同じ積です。線形アテンションの層は W_K W_Qᵀ に 2η·I を持てますが、プロンプトによって変わるグラム行列の逆行列は作れません。だからリッジより 1 歩遅れたままなのです。',
    'call.summary': 'このページの呼び出し',
    footer: 'このページの Web Worker で学習（float64 の JavaScript、シード固定）。Node で同じ実行をすると同じ数値になります',
  },
};
