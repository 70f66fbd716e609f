/** Classifies errors raised by the platform adapter without comparing message strings. */
export function isRetryable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { retryable?: unknown; code?: unknown; method?: unknown };
  // A POST that timed out, was cut off or got a 5xx may already have created the message (the REST
  // client does not repeat those for the same reason): only a refusal (429/423) is safe to send again.
  if (candidate.method === 'POST' && candidate.code !== 'rate_limited') return false;
  if (typeof candidate.retryable === 'boolean') return candidate.retryable;
  return candidate.code === 'ECONNRESET' || candidate.code === 'ECONNREFUSED' || candidate.code === 'ETIMEDOUT';
}
