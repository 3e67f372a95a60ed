// Build check of attnscope-fma.wasm (CMakeLists.txt runs it after wasm-ld):
// the module runs on the core's memory, so it must import that memory and
// nothing else, hold no data segment (it would overwrite the core's data at
// instantiation), export gemm_block and its stack pointer, and contain the
// final relaxed_madd opcode (fd 85 02), not the pre-standard one.
//   node scripts/check-fma-module.js <file.wasm>
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const b = readFileSync(file);
const fail = (why) => {
  console.error(`check-fma-module: ${file}: ${why}`);
  process.exit(1);
};
let at = 8;
const leb = () => {
  let v = 0, shift = 0, byte;
  do {
    byte = b[at++];
    v |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return v >>> 0;
};
const name = () => {
  const n = leb();
  const s = b.subarray(at, at + n).toString('utf8');
  at += n;
  return s;
};
if (b.readUInt32LE(0) !== 0x6d736100) fail('not a wasm module');
const sections = new Map(), imports = [], exports = [];
while (at < b.length) {
  const id = b[at++], size = leb(), end = at + size;
  sections.set(id, b.subarray(at, end));
  if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      const mod = name(), field = name(), kind = b[at++];
      if (kind !== 2) fail(`imports ${mod}.${field}, which is not a memory`);
      const flags = b[at++];
      if (flags & 2) fail('its memory import is shared');
      leb();
      if (flags & 1) leb();
      imports.push(`${mod}.${field}`);
    }
  } else if (id === 7) {
    for (let n = leb(); n > 0; n--) {
      exports.push(name());
      at++;
      leb();
    }
  }
  at = end;
}
if (imports.join() !== 'env.memory') fail(`imports ${imports.join(', ') || 'nothing'}; only env.memory is allowed`);
if (sections.has(11) || sections.has(12)) fail('has a data section: it would overwrite the core\'s memory');
for (const e of ['gemm_block', '__stack_pointer']) if (!exports.includes(e)) fail(`does not export ${e}`);
const code = sections.get(10);
if (!code || !code.includes(Buffer.from([0xfd, 0x85, 0x02]))) {
  fail('has no f32x4.relaxed_madd with the final opcode fd 85 02 (was it built by clang-16 with -mrelaxed-simd?)');
}
