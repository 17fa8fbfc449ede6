/**
 * The security headers of every response: HTML gets a strict Content-Security-Policy (scripts only from
 * this origin, never inline; styles inline too, because emotion and Leaflet set them at run time; images also from
 * the configured map tile server), everything else `default-src 'none'`; all get frame-ancestors 'none',
 * X-Frame-Options, nosniff, a Referrer-Policy that sends only the origin across sites (tile servers ask for it), and
 * HSTS when the request came over TLS. deploy/nginx.conf sends the same for what it serves itself.
 */

/** The origin a tile URL template fetches from, with `{s}` and any other placeholder in the host as a wildcard. */
export function tileOrigin(template: string | null | undefined): string | null {
  const match = template ? /^(https?):\/\/([^/?#]+)/i.exec(template.trim()) : null;
  if (!match) return null;
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  return /^[\w*.-]+(:\d+)?$/.test(host) ? `${match[1]!.toLowerCase()}://${host}` : null;
}

export function htmlContentSecurityPolicy(mapTileUrl?: string | null): string {
  const tiles = tileOrigin(mapTileUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

interface RequestLike {
  protocol?: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Whether the browser reached us over TLS: directly, through proxies Fastify trusts (TRUST_PROXY), or as the
 * proxy nearest the browser says in X-Forwarded-Proto (its first entry). Believing the header from anyone only
 * ever makes a cookie stricter or sends HSTS that a browser ignores over plain HTTP.
 */
export function cameOverTls(req: RequestLike): boolean {
  if (req.protocol === 'https') return true;
  const raw = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

interface ReplyLike {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}

/** Sets the headers on a reply about to be sent (a CSP a route set itself, e.g. the sandbox page's, is kept). */
export function applySecurityHeaders(req: RequestLike, reply: ReplyLike, htmlPolicy: string): void {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!reply.getHeader('content-security-policy'))
    reply.header('content-security-policy', type.startsWith('text/html') ? htmlPolicy : API_CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', REFERRER_POLICY);
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('permissions-policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
  if (cameOverTls(req)) reply.header('strict-transport-security', HSTS);
}

/**
 * The same headers on a response written past Fastify's reply (server-sent events hijack it, so no onSend hook
 * runs): set on the raw response before its head is written. An event stream is not a page: `default-src 'none'`.
 */
export function applyRawSecurityHeaders(
  req: RequestLike,
  res: { getHeader(name: string): unknown; setHeader(name: string, value: string): unknown },
): void {
  applySecurityHeaders(
    req,
    { getHeader: (name) => res.getHeader(name), header: (name, value) => res.setHeader(name, value) },
    API_CONTENT_SECURITY_POLICY,
  );
}
