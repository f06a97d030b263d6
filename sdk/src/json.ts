// JSON.stringify throws on a bigint. Request bodies write a bigint as the JSON integer it is,
// digit for digit (JSON.rawJSON does this too, but not on Node 20).

export function toJson(value: unknown): string {
  let marker: string | undefined;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    // A fresh random marker: no string the caller wrote can contain it.
    marker ??= `nf-bigint-${crypto.randomUUID()}:`;
    return marker + v.toString();
  });
  if (marker === undefined) return text;
  return text.replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1');
}
