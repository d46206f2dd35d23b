/*
 * Long-lived connections (a visitor's event stream, an agent's WebSocket) counted per key on
 * this instance: each is held by the instance that accepted it, so no shared store is needed.
 * A connection takes a slot under each of its keys (its visitor, its address, its account) or
 * none at all, and gives them back exactly once, however it ends.
 */

/** One key a connection is counted under, and how many connections that key may hold open. */
export interface SlotClaim {
  key: string;
  max: number;
}

export class ConnectionSlots {
  private readonly open = new Map<string, number>();

  /** Connections open under this key. */
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** The first claim whose key is full, or undefined when every one has room. */
  full(claims: readonly SlotClaim[]): SlotClaim | undefined {
    return claims.find((claim) => this.count(claim.key) >= claim.max);
  }

  /**
   * Takes a slot under every claim, or none (null) when one of them is full. The returned
   * release may be called any number of times; it gives the slots back once.
   */
  take(claims: readonly SlotClaim[]): (() => void) | null {
    if (this.full(claims)) return null;
    for (const { key } of claims) this.open.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of claims) {
        const left = this.count(key) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }

  /** Keys with at least one open connection (for tests and health figures). */
  get size(): number {
    return this.open.size;
  }
}
