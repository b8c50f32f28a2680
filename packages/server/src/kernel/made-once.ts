/**
 * `make(arg)` made once per name and kept: signers, verifiers and key sets that cost far more to
 * make than to look up. Past `limit` names every entry goes (a rotated secret or key leaves its
 * old one unused, so a small bound is plenty, and the next calls make what is still wanted).
 */
export function madeOnce<A, T>(limit: number, nameOf: (arg: A) => string, make: (arg: A) => T): (arg: A) => T {
  const made = new Map<string, T>();
  return (arg: A): T => {
    const name = nameOf(arg);
    let found = made.get(name);
    if (found === undefined) {
      if (made.size >= limit) made.clear();
      made.set(name, (found = make(arg)));
    }
    return found;
  };
}
