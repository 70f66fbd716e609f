/**
 * A throw-away self-signed certificate for 127.0.0.1 / localhost, made at test
 * time with the `openssl` CLI in a temp folder. The certificate doubles as its
 * own CA, so a process trusts it with NODE_EXTRA_CA_CERTS=<certPath>.
 * A missing `openssl` is a failure with the install command, never a skip.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  /** PEM file of the certificate (pass as NODE_EXTRA_CA_CERTS). */
  certPath: string;
  keyPath: string;
  cert: string;
  key: string;
  /** Removes the temp folder. */
  dispose(): Promise<void>;
}

export const OPENSSL_MISSING =
  'The `openssl` command is needed to generate the test certificate but was not found; install it with `apt-get install -y openssl`.';

function openssl(args: string[]): void {
  const result = spawnSync('openssl', args, { encoding: 'utf8', timeout: 20_000 });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? OPENSSL_MISSING : `openssl could not run: ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new Error(`openssl ${args[0]} failed with status ${result.status}: ${result.stderr.trim()}`);
  }
}

/** Generates a P-256 key and a one-day self-signed certificate valid for IP 127.0.0.1 and DNS localhost. */
export async function createTestCertificate(): Promise<TestCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'tbm-tls-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  try {
    openssl([
      'req', '-x509', '-nodes', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
      '-keyout', keyPath, '-out', certPath, '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-addext', 'basicConstraints=critical,CA:TRUE',
      '-addext', 'keyUsage=critical,digitalSignature,keyCertSign',
    ]);
    const [key, cert] = await Promise.all([readFile(keyPath, 'utf8'), readFile(certPath, 'utf8')]);
    return { certPath, keyPath, cert, key, dispose: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
