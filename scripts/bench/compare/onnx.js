// Just enough protobuf to write an ONNX model (onnx.proto field numbers) for
// the side-by-side benchmark: graphs of standard ops with float32 inputs,
// outputs and initializers. No python onnx package needed.
const FLOAT = 1, INT64 = 7;

function varint(n) {
  const out = [];
  let v = BigInt(n);
  if (v < 0n) v += 1n << 64n;
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}

const key = (field, wire) => varint((field << 3) | wire);
const bytes = (field, data) => [...key(field, 2), ...varint(data.length), ...data];
const str = (field, s) => bytes(field, [...new TextEncoder().encode(s)]);
const int = (field, n) => [...key(field, 0), ...varint(n)];
const f32 = (field, x) => [...key(field, 5), ...new Uint8Array(new Float32Array([x]).buffer)];

function valueInfo(name, shape) {
  const dims = shape.flatMap((d) => bytes(1, int(1, d)));
  const tensorType = [...int(1, FLOAT), ...bytes(2, dims)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
}

function tensor(name, data, shape) {
  const isInt = data instanceof BigInt64Array;
  return [...shape.flatMap((d) => int(1, d)), ...int(2, isInt ? INT64 : FLOAT), ...str(8, name),
    ...bytes(9, [...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)])];
}

function attribute(name, value) {
  if (Array.isArray(value)) return [...str(1, name), ...value.flatMap((v) => int(8, v)), ...int(20, 7)];
  if (Number.isInteger(value) && !Object.is(value, -0) && !(value instanceof Float)) return [...str(1, name), ...int(3, value), ...int(20, 2)];
  return [...str(1, name), ...f32(2, Number(value)), ...int(20, 1)];
}

/** A float attribute even when its value is a whole number. */
export class Float extends Number {}

/** node(op, inputs, outputs, attrs, domain) */
export function node(op, inputs, outputs, attrs = {}, domain = '') {
  return [
    ...inputs.flatMap((i) => str(1, i)), ...outputs.flatMap((o) => str(2, o)), ...str(4, op),
    ...Object.entries(attrs).flatMap(([k, v]) => bytes(5, attribute(k, v))), ...(domain ? str(7, domain) : []),
  ];
}

/**
 * The bytes of a ModelProto: { nodes, inputs: [[name, shape]], outputs,
 * initializers: [[name, Float32Array | BigInt64Array, shape]] }, opset 17
 * (plus com.microsoft 1 for contrib ops).
 */
export function model({ nodes, inputs, outputs, initializers = [] }) {
  const graph = [
    ...nodes.flatMap((n) => bytes(1, n)), ...str(2, 'bench'),
    ...initializers.flatMap(([n, d, s]) => bytes(5, tensor(n, d, s))),
    ...inputs.flatMap(([n, s]) => bytes(11, valueInfo(n, s))),
    ...outputs.flatMap(([n, s]) => bytes(12, valueInfo(n, s))),
  ];
  return new Uint8Array([
    ...int(1, 8), ...str(2, 'attnscope-bench'),
    ...bytes(8, [...str(1, ''), ...int(2, 17)]), ...bytes(8, [...str(1, 'com.microsoft'), ...int(2, 1)]),
    ...bytes(7, graph),
  ]);
}
