// web/lib/enums.js is generated from the C++ headers: it must be up to date,
// and the codes it sends must select what the caller named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, OUTPUT, spelledEnum } from '../../scripts/gen_enums.js';
import { STATUS_TEXT, ACTIVATION, NORM_KIND } from '../../web/lib/enums.js';
import { checkStatus } from '../../web/lib/errors.js';
import { attn } from './helpers.js';

describe('enums from one source', () => {
  it('web/lib/enums.js matches the C++ headers (run node scripts/gen_enums.js if not)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(generate());
  });

  it('a header\'s spellings must name its values in order, `_` ignored on both sides', () => {
    const formats = 'enum class FileFormat : int {  // js MODEL_FILE_FORMAT: llama2c ak42v1\n    Llama2c = 0,\n    Ak42V1 = 1,\n};';
    expect(spelledEnum(formats, 'config.h').entries).toEqual([['llama2c', 0], ['ak42v1', 1]]);
    const types = 'enum class WeightType : int { F32 = 0, Q8_0 = 1 };  // js MODEL_WEIGHT_TYPE: f32 q8_0';
    expect(spelledEnum(types, 'config.h')).toEqual({ name: 'MODEL_WEIGHT_TYPE', header: 'config.h', entries: [['f32', 0], ['q8_0', 1]] });
    expect(() => spelledEnum(formats.replace('llama2c ak42v1', 'ak42v1 llama2c'), 'config.h'))
      .toThrow("config.h: FileFormat's JS spelling ak42v1 stands where Llama2c does: list them in the enum's order");
    expect(() => spelledEnum(formats.replace('llama2c ak42v1', 'llama2c_legacy ak42v1'), 'config.h')).toThrow(/llama2c_legacy stands where Llama2c/);
    expect(() => spelledEnum(types.replace('f32 q8_0', 'f32'), 'config.h')).toThrow('config.h: WeightType has 2 values but 1 JS spellings');
    expect(spelledEnum('enum class Kind : int { A = 0 };', 'x.h')).toBeNull();
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
