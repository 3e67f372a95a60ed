// web/lib/enums.js is generated from the C++ headers: it must be up to date,
// and the codes it sends must select what the caller named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT } from '../../scripts/gen_enums.js';
import { STATUS_TEXT, ACTIVATION, NORM_KIND } from '../../web/lib/enums.js';
import { checkStatus } from '../../web/lib/errors.js';
import { attn } from './helpers.js';

describe('enums from one source', () => {
  it('web/lib/enums.js matches the C++ headers (run node scripts/gen_enums.js if not)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(generate());
  });

  it('status texts come from status.cpp, NonFinite included', () => {
    expect(STATUS_TEXT[1]).toBe('invalid argument');
    expect(STATUS_TEXT[3]).toBe('a loss or gradient became NaN or infinite');
    expect(() => checkStatus(3, 'step')).toThrow(/step: the core reported "a loss or gradient became NaN or infinite"/);
    expect(() => checkStatus(0, 'step')).not.toThrow();
  });

  it('codes select the named option in the core', async () => {
    await attn.ready();
    expect(Object.keys(ACTIVATION)).toEqual(['relu', 'gelu', 'gelu_tanh', 'swiglu', 'relu2']);
    expect(Object.keys(NORM_KIND)).toEqual(['layernorm', 'rmsnorm']);
    // relu2 squares: a mapping one off (relu or swiglu) gives 4 or fails the shape checks.
    const x = attn.tensor(new Float32Array([2]), [1, 1]);
    const one = (v) => attn.tensor(new Float32Array([v]), [1, 1]);
    const y = attn.feedForward(x, { w1: one(1), w2: one(1) }, { activation: 'relu2' });
    expect(y.data[0]).toBeCloseTo(4, 6);
    const g = attn.feedForward(x, { w1: one(1), w2: one(1) }, { activation: 'relu' });
    expect(g.data[0]).toBeCloseTo(2, 6);
  });
});
