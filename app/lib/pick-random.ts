/** `count` distinct indexes below `length`, in random order (Fisher–Yates). */
export function pickRandomIndexes(
  length: number,
  count: number,
  random: () => number = Math.random,
): number[] {
  const indexes = Array.from({ length }, (_, index) => index);
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, Math.min(count, length));
}
