// Model.config from what ModelHandle::config() reports (wasm_bindings/
// model_handle.h): the bindings send the C++ enums as their codes, and the
// spellings come from enums.js, which scripts/gen_enums.js writes from
// model/config.h and model/tokenizer.h. So each spelling is written once,
// in the header, and reordering an enum cannot make the two sides disagree.
import {
  MODEL_ACTIVATION, MODEL_ARCH, MODEL_FILE_DTYPE, MODEL_FILE_FORMAT, MODEL_NORM, MODEL_POSITIONS, MODEL_WEIGHT_TYPE,
  TOKENIZER_KIND,
} from '../enums.js';
import { fail } from '../tensor.js';

/** The JS spelling of a core code in a generated table (code -> name). */
function spelling(table, code, field) {
  for (const [name, value] of Object.entries(table)) if (value === code) return name;
  return fail(`Model.config: the core reported ${field} code ${code}, which web/lib/enums.js does not have (run node scripts/gen_enums.js)`);
}

/** The shortest decimal that is the same float32 (the core's 1e-5 arrives as 9.999999747378752e-6). */
export function shortestFloat32(v) {
  for (let digits = 1; digits < 17; digits++) {
    const d = Number(v.toPrecision(digits));
    if (Math.fround(d) === v) return d;
  }
  return v;
}

/**
 * The public config (model.d.ts, ModelConfig) of the handle's ModelInfo: the
 * same fields in the same order, enums spelled. Two spellings are not enum
 * names: format 'trained' for a model made by Model.create (it has no file
 * yet), tokenizer 'none' for a model loaded without one.
 */
export function modelConfig(info) {
  const { hasTokenizer, ...c } = info;
  return {
    ...c,
    arch: spelling(MODEL_ARCH, c.arch, 'arch'),
    format: c.trainable ? 'trained' : spelling(MODEL_FILE_FORMAT, c.format, 'format'),
    weightType: spelling(MODEL_WEIGHT_TYPE, c.weightType, 'weightType'),
    fileDtype: spelling(MODEL_FILE_DTYPE, c.fileDtype, 'fileDtype'),
    tokenizer: hasTokenizer ? spelling(TOKENIZER_KIND, c.tokenizer, 'tokenizer') : 'none',
    positions: spelling(MODEL_POSITIONS, c.positions, 'positions'),
    norm: spelling(MODEL_NORM, c.norm, 'norm'),
    activation: spelling(MODEL_ACTIVATION, c.activation, 'activation'),
    normEps: shortestFloat32(c.normEps),
    ropeBase: shortestFloat32(c.ropeBase),
  };
}
