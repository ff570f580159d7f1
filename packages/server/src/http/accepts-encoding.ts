/** Whether an `Accept-Encoding` header accepts `encoding` (listed, or `*`, with a q above 0). */
export function acceptsEncoding(header: string, encoding: string): boolean {
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === encoding) return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard;
}
