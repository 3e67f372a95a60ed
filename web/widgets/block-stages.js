// The stages <attn-block-explorer> steps through, in the order the block
// computes them, for pre-LN and post-LN. Each stage names the tensors it shows
// (picked from transformerBlock's result with returnIntermediates), the axes
// they are labelled with, and its formula. Titles and explanations are in
// explorer-messages.js under 'stage.<id>.*'.
//
// pre-LN : a = mha(N1(x));  h = x + a;     f = ffn(N2(h));  y = h + f
// post-LN: a = mha(x);      h = N1(x + a); f = ffn(h);      y = N2(h + f)
// nGPT   : a = mha(x);      h = N(x + α_A(N(a) − x)); f = ffn(h); y = N(h + α_F(N(f) − h))

const ACT = {
  gelu: 'GELU({in}·W_1)', gelu_tanh: 'GELU_tanh({in}·W_1)', relu: 'ReLU({in}·W_1)',
  relu2: 'ReLU({in}·W_1)²', swiglu: 'SiLU({in}·W_1) ⊙ ({in}·W_3)',
};

/** 'LN' or 'RMS' with a subscript index, as the formulas write the norms. */
const normName = (norm, i) => `${norm === 'rmsnorm' ? 'RMSNorm' : 'LN'}_${i}`;

/**
 * The stages for settings {prenorm, norm, activation, isCausal, rope, headDim}.
 * view: {pick(result, x) -> tensor, maskFrom?(result), cols: 'tokens'|'channels'|'dims'|'hidden', heads?: 'q'|'kv', label?}
 */
export function stagesFor({ prenorm, norm, activation, isCausal, rope, headDim, kind = 'dot', temperature = 1, qkNorm = null, alibi = false, window = null, normalized = false }) {
  const ai = (r) => r.intermediates.attentionIntermediates;
  const it = (r) => r.intermediates;
  const src = prenorm ? 'x̂' : 'x';
  const ffnIn = prenorm ? 'ĥ' : 'h';
  const masked = (r) => ai(r).maskedScores;
  const tau = temperature === 1 ? '' : ` / τ,  τ = ${temperature}`;
  const scaled = kind === 'cosine' ? `S' = q̂·k̂${tau || ' / τ,  τ = 1'}` : `${tau ? "S' = " : ''}S / √D${tau},  D = ${headDim}`;
  const qkNormText = qkNorm ? `  →  ${qkNorm === 'rms' ? 'RMSNorm' : 'L2'}(Q), ${qkNorm === 'rms' ? 'RMSNorm' : 'L2'}(K)` : '';
  const S = kind === 'dot' && temperature === 1 ? 'S/√D' : "S'"; // S' names the scaled scores when they are not S/√D
  const maskParts = [isCausal && '−∞ where j > i', window && `−∞ where |i − j| ≥ ${window}`, alibi && '− m_h·|i − j|'].filter(Boolean);
  const stages = [
    { id: 'input', group: 'in', shape: '[T, C]', formula: 'x = E[token]', views: [{ pick: (r, x) => x, cols: 'channels' }] },
    prenorm && { id: 'normed1', group: 'attn', shape: '[T, C]', formula: `x̂ = ${normName(norm, 1)}(x)`, views: [{ pick: (r) => it(r).normed1, cols: 'channels' }] },
    {
      id: 'qkv', group: 'attn', shape: 'Q [H, T, D] · K, V [Hkv, T, D]',
      formula: `Q = ${src}·W_Q,  K = ${src}·W_K,  V = ${src}·W_V${qkNormText}${rope ? '  →  RoPE(Q), RoPE(K)' : ''}`,
      views: [
        { pick: (r) => ai(r).q, cols: 'dims', heads: 'q', label: 'Q' },
        { pick: (r) => ai(r).k, cols: 'dims', heads: 'kv', label: 'K' },
        { pick: (r) => ai(r).v, cols: 'dims', heads: 'kv', label: 'V' },
      ],
    },
    { id: 'rawScores', group: 'attn', shape: '[H, T, T]', formula: 'S = Q_h·K_hᵀ', views: [{ pick: (r) => ai(r).rawScores, cols: 'tokens', heads: 'q' }] },
    { id: 'scaledScores', group: 'attn', shape: '[H, T, T]', formula: scaled, variant: kind === 'cosine' ? 'cosine' : null, views: [{ pick: (r) => ai(r).scaledScores, cols: 'tokens', heads: 'q' }] },
    {
      id: 'maskedScores', group: 'attn', shape: '[H, T, T]', formula: `${S} + M,  M = ${maskParts.length ? maskParts.join(', ') : '0'}`,
      variant: alibi || window ? 'bias' : null,
      views: [{ pick: masked, maskFrom: masked, cols: 'tokens', heads: 'q' }],
    },
    { id: 'weights', group: 'attn', shape: '[H, T, T]', formula: `A = softmax(${S} + M)`, views: [{ pick: (r) => ai(r).weights, maskFrom: masked, cols: 'tokens', heads: 'q' }] },
    { id: 'headOutputs', group: 'attn', shape: '[H, T, D]', formula: 'O_h = A_h·V_h', views: [{ pick: (r) => ai(r).headOutputs, cols: 'dims', heads: 'q' }] },
    { id: 'attention', group: 'attn', shape: '[T, C]', formula: 'a = concat(O_0, …, O_{H−1})·W_O', views: [{ pick: (r) => it(r).attention, cols: 'channels' }] },
    {
      id: 'residual1', group: 'attn', shape: '[T, C]', variant: normalized ? 'ngpt' : null,
      formula: normalized ? 'h = N(x + α_A ⊙ (N(a) − x))' : prenorm ? 'h = x + a' : `h = ${normName(norm, 1)}(x + a)`,
      views: [{ pick: (r) => it(r).residual1, cols: 'channels' }],
    },
    prenorm && { id: 'normed2', group: 'ffn', shape: '[T, C]', formula: `ĥ = ${normName(norm, 2)}(h)`, views: [{ pick: (r) => it(r).normed2, cols: 'channels' }] },
    { id: 'ffnHidden', group: 'ffn', shape: '[T, F]', formula: `g = ${ACT[activation].replaceAll('{in}', ffnIn)}`, views: [{ pick: (r) => it(r).ffnHidden, cols: 'hidden' }] },
    { id: 'ffn', group: 'ffn', shape: '[T, C]', formula: 'f = g·W_2', views: [{ pick: (r) => it(r).ffn, cols: 'channels' }] },
    {
      id: 'output', group: 'out', shape: '[T, C]', variant: normalized ? 'ngpt' : null,
      formula: normalized ? 'y = N(h + α_F ⊙ (N(f) − h))' : prenorm ? 'y = h + f' : `y = ${normName(norm, 2)}(h + f)`,
      views: [{ pick: (r) => r.output, cols: 'channels' }],
    },
  ];
  return stages.filter(Boolean).map((stage) => ({ ...stage, short: short(stage.id, prenorm, normalized, kind) }));
}

/** The stage's name on its button: the operation, in symbols. */
function short(id, prenorm, normalized, kind) {
  if (id === 'scaledScores' && kind === 'cosine') return 'cos / τ';
  if (id === 'residual1') return normalized ? 'N(x + αΔ)' : prenorm ? 'x + a' : 'Norm(x + a)';
  if (id === 'output') return normalized ? 'N(h + αΔ)' : prenorm ? 'h + f' : 'Norm(h + f)';
  return {
    input: 'x', normed1: 'Norm', qkv: 'Q K V', rawScores: 'QKᵀ', scaledScores: '÷ √D', maskedScores: '+ M',
    weights: 'softmax', headOutputs: 'A·V', attention: '·W_O', normed2: 'Norm', ffnHidden: 'act(·W_1)', ffn: '·W_2',
  }[id];
}
