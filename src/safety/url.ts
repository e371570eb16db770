/** What a URL's secret is shown as. */
const URL_SECRET_MASK = '***';

/**
 * Query (and fragment) parameters named like credentials: libpq's `password`, a collector's `?token=`,
 * signed-URL signatures, OAuth tokens. Matched on the whole name, case and `-`/`_` aside, and on names that
 * end in one of them (`x-api-key`, `client_secret`, `db_password`).
 */
const CREDENTIAL_PARAM =
  /^(?:.*[-_.])?(?:password|passwd|pass|pwd|token|key|secret|auth|authorization|sig|signature|credential|credentials|apikey|api[-_]?key|access[-_]?token|refresh[-_]?token|id[-_]?token|auth[-_]?token|access[-_]?key|private[-_]?key|client[-_]?secret|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|sslpassword)$/i;

/** Whether a query parameter's name says it carries a credential. */
function isCredentialParam(name: string): boolean {
  return CREDENTIAL_PARAM.test(name);
}

function decodeOrSame(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `a=1&token=x` with each credential parameter's value masked; names, order and other values kept. */
function maskParams(text: string): string {
  return text
    .split(/([&;])/)
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq <= 0) return part;
      return isCredentialParam(decodeOrSame(part.slice(0, eq)))
        ? `${part.slice(0, eq + 1)}${URL_SECRET_MASK}`
        : part;
    })
    .join('');
}

/**
 * A URL fit to print in a message, a report or a log: the password of its user information and the value
 * of every query or fragment parameter named like a credential become `***`. Works on text (not a parsed
 * URL), so that a URL too malformed to parse (`postgres://u:pw@h:notaport/db`) is masked all the same and
 * the rest stays exactly as the user wrote it.
 */
export function redactUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url);
  if (!match) return maskTail(url);
  const [, scheme = '', authority = '', tail = ''] = match;
  const at = authority.lastIndexOf('@');
  let shownAuthority = authority;
  if (at !== -1) {
    const userinfo = authority.slice(0, at);
    const colon = userinfo.indexOf(':');
    if (colon !== -1) shownAuthority = `${userinfo.slice(0, colon)}:${URL_SECRET_MASK}${authority.slice(at)}`;
  }
  return `${scheme}${shownAuthority}${maskTail(tail)}`;
}

function maskTail(tail: string): string {
  const hash = tail.indexOf('#');
  const beforeHash = hash === -1 ? tail : tail.slice(0, hash);
  const fragment = hash === -1 ? '' : tail.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const query = question === -1 ? undefined : beforeHash.slice(question + 1);
  return `${path}${query === undefined ? '' : `?${maskParams(query)}`}${hash === -1 ? '' : `#${maskParams(fragment)}`}`;
}

/**
 * The secret values a URL carries (its password, its credential parameters), raw and decoded: what to take
 * out of a message that a library built from the URL, in case it quoted a part of it.
 */
export function urlSecrets(url: string): string[] {
  const found = new Set<string>();
  const add = (value: string) => {
    if (value.length >= 3) {
      found.add(value);
      found.add(decodeOrSame(value));
    }
  };
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/is.exec(url);
  const authority = match?.[1] ?? '';
  const at = authority.lastIndexOf('@');
  if (at !== -1) {
    const userinfo = authority.slice(0, at);
    const colon = userinfo.indexOf(':');
    if (colon !== -1) add(userinfo.slice(colon + 1));
  }
  const tail = match?.[2] ?? url;
  for (const part of tail.split(/[?#&;]/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && isCredentialParam(decodeOrSame(part.slice(0, eq)))) add(part.slice(eq + 1));
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * `base` with `path` added to its path, before any query or fragment (`https://proxy/v1?key=x` and
 * `/chat/completions` give `https://proxy/v1/chat/completions?key=x`), as text so nothing else changes.
 */
export function withPath(base: string, path: string): string {
  const cut = base.search(/[?#]/);
  const head = cut === -1 ? base : base.slice(0, cut);
  const tail = cut === -1 ? '' : base.slice(cut);
  return `${head.replace(/\/+$/, '')}${path}${tail}`;
}

/** `text` with `url` shown redacted and any of its secret values masked wherever else they appear. */
export function redactUrlIn(text: string, url: string): string {
  let out = text.split(url).join(redactUrl(url));
  for (const secret of urlSecrets(url)) out = out.split(secret).join(URL_SECRET_MASK);
  return out;
}
