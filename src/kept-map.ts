/**
 * A Map for remembered answers (parsed timestamps, decoded ids, zone offsets): once it holds `kept`
 * entries, adding another forgets them all at once. Any text can be asked about, so it never grows
 * without bound, and forgetting in one go costs nothing per entry on the busy paths that use it.
 */
export class KeptMap<K, V> extends Map<K, V> {
  constructor(private readonly kept: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.kept && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
