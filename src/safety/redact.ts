/** What a secret is replaced with. */
const REDACTED = '[redacted]';

/** The environment variables the LLM providers read their keys and tokens from. */
const SECRET_ENV_VARS = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
] as const;

/** Settings that may carry credentials in their URL (`https://user:password@host`). */
const URL_ENV_VARS = ['OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'AGENT_WEBHOOK_URL'] as const;

/** Any other variable named like a secret is one too (`GITHUB_TOKEN`, `DB_PASSWORD`, `X_API_KEY`). */
const SECRET_NAME = /(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD)$/i;

/** Shorter values would redact ordinary words; no real key is this short. */
const MIN_SECRET_LENGTH = 6;

/** Token shapes that are secrets wherever they appear. */
const KEY_SHAPES: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\bsk-[A-Za-z0-9_-]{12,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
];
/**
 * `Authorization: Bearer x`, `"x-api-key": "x"`, `api_key=x`: the value of a credential header or field. The
 * value never takes a backslash: in JSON text it escapes the next quote, and eating it would leave the
 * output unparseable (`api_key = os.environ.get(\"…` quoted from a transcript).
 */
const CREDENTIAL_FIELD =
  /\b((?:proxy-)?authorization|x-api-key|api[_-]?key|access[_-]?token|auth[_-]?token)(["']?\s*[:=]\s*["']?)((?:Bearer|Basic|Token)\s+)?([^\s"',;\\]{4,})/gi;
/** A token after `Bearer`/`Basic`: at least 8 characters with a digit, so that "Bearer authentication" stays. */
const SCHEME_TOKEN = /\b(Bearer|Basic)\s+(?=[A-Za-z._~+/=-]*\d)[A-Za-z0-9._~+/=-]{8,}/g;
/** The user information of a URL: `https://user:password@host` becomes `https://[redacted]@host`. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]+@/gi;

function userinfoOf(url: string | undefined): string[] {
  if (!url) return [];
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/@\s]+)@/i.exec(url.trim());
  if (!match?.[1]) return [];
  const userinfo = match[1];
  const password = userinfo.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : userinfo;
  return [userinfo, password, decodeOrSame(password)];
}

function decodeOrSame(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The secrets configured in `env`: the providers' API keys and tokens, every other variable named like a
 * secret, and the credentials in the URLs of the base-URL and webhook settings. Longest first, so that a
 * secret containing another is replaced whole.
 */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    const trimmed = value?.trim();
    if (trimmed && trimmed.length >= MIN_SECRET_LENGTH) found.add(trimmed);
  };
  for (const name of SECRET_ENV_VARS) add(env[name]);
  for (const [name, value] of Object.entries(env)) if (SECRET_NAME.test(name)) add(value);
  for (const name of URL_ENV_VARS) for (const part of userinfoOf(env[name])) add(part);
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * Removes secrets from text that is about to leave the process (a message, a report, a file): each of
 * `secrets` (the configured ones, see secretsFromEnv; also in their JSON-escaped form), key-shaped tokens
 * (`sk-…`, `sk-ant-…`, `ghp_…`, JWTs, private keys), the values of `Authorization` and `x-api-key`
 * headers and `Bearer` tokens, and the `user:password@` part of URLs.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    out = out.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.split(escaped).join(REDACTED);
  }
  for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
  // Only a URL has user information, and every URL has "://": a scan's JSON (a megabyte of paths) has none,
  // and this pattern, which may start at any letter, is the slowest of them to run over it.
  if (out.includes('://')) out = out.replace(URL_USERINFO, `$1${REDACTED}@`);
  out = out.replace(SCHEME_TOKEN, `$1 ${REDACTED}`);
  return out.replace(
    CREDENTIAL_FIELD,
    (whole, name: string, separator: string, scheme: string | undefined, value: string) =>
      value.startsWith(REDACTED) ? whole : `${name}${separator}${scheme ?? ''}${REDACTED}`,
  );
}

/**
 * True when redactSecrets would leave `text` as it is: no secret of `secrets` (nor its JSON-escaped form)
 * and no match of any pattern anywhere in it. Text made of lines that are each redacted on their own can be
 * checked whole: a match inside one line is a match in the whole at the same place, because every pattern
 * looks no further than the `\n` that ends the line (none asserts the end of the text), so a whole with no
 * match has no line with one. `search` leaves the global patterns' lastIndex alone.
 */
export function nothingToRedact(text: string, secrets: readonly string[] = []): boolean {
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    if (text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1))) return false;
  }
  for (const shape of KEY_SHAPES) if (text.search(shape) !== -1) return false;
  if (text.includes('://') && text.search(URL_USERINFO) !== -1) return false;
  return text.search(SCHEME_TOKEN) === -1 && text.search(CREDENTIAL_FIELD) === -1;
}

/** True when `text` holds a key-shaped token (a rule, a report line must never carry one). */
export function containsKeyShapedSecret(text: string): boolean {
  return KEY_SHAPES.some((shape) => new RegExp(shape.source, shape.flags.replace('g', '')).test(text));
}
