// Preloaded into a bot process by tests (node --import tests/support/module-probe.mjs dist/main.js): every
// module the process imports is appended, one URL a line, to the file named by MODULE_PROBE_FILE. The
// resolve hook sees each import of an ES module or of a package's entry, so a test can tell which optional
// parts a configuration loads.
import { register } from 'node:module';

const file = process.env.MODULE_PROBE_FILE;
if (file) register('./module-probe-hooks.mjs', import.meta.url, { data: { file } });
