/** Classifies errors raised by the platform adapter without comparing message strings. */
export function isRetryable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { retryable?: unknown; code?: unknown };
  if (typeof candidate.retryable === 'boolean') return candidate.retryable;
  return candidate.code === 'ECONNRESET' || candidate.code === 'ECONNREFUSED' || candidate.code === 'ETIMEDOUT';
}

/** A short reason for a delivery report: the platform's own message when there is one, never secrets. */
export function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const candidate = error as { status?: unknown; platformMessage?: unknown; message?: unknown };
    const status = typeof candidate.status === 'number' ? `HTTP ${candidate.status}` : '';
    const text = typeof candidate.platformMessage === 'string' ? candidate.platformMessage : typeof candidate.message === 'string' ? candidate.message : '';
    return [status, text].filter(Boolean).join(': ').slice(0, 200) || 'unknown error';
  }
  return 'unknown error';
}
