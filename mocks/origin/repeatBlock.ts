/**
 * `total` bytes as `block` over and over (the last one cut short): a large body generated as it is
 * consumed, with one block in memory however large the total.
 */
export function* repeatBlock(block: Buffer, total: number): Generator<Buffer> {
  for (let left = total; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
}
