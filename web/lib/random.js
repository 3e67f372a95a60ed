// mulberry32, the one seeded PRNG of the JS side (widgets and exercises):
// 32-bit state, period 2^32, Tommy Ettinger's constants. The same seed gives
// the same sequence in every browser and in Node. Internal, not public API.

/** A function returning uniform floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
