// Usage: node fresh-database.mjs <postgres url of a database>. Drops that database if it is there (closing its
// connections) and creates it empty, so that a browser-test server starts on the seed alone.
import { createDatabase } from '../bench/harness.mjs';

const url = process.argv[2] ?? '';
const name = decodeURIComponent(new URL(url).pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a test database name: ${name}`);
await createDatabase(url);
