import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/*
 * A PGlite cluster with the migrations applied, made at build time (`npm run build -w @zhaokao/server`
 * runs scripts/build-pglite-template.mjs after tsc), so that a first start on an empty data dir does
 * not pay for initdb (~5 s). The tarball is PGlite's own `dumpDataDir('gzip')` and is loaded with
 * its `loadDataDir` option. Next to it, a manifest records what it was made from (PGlite version and
 * migrations); a template that does not match is not used, and migrations newer than the template
 * are applied by the migrator after loading, as on any existing database.
 */

/** The same path from src/db (tests, tsx) and dist/db (the built server): apps/server/dist/... */
export const TEMPLATE_FILE = fileURLToPath(new URL('../../dist/pglite-template.tar.gz', import.meta.url));
export const TEMPLATE_MANIFEST_FILE = fileURLToPath(new URL('../../dist/pglite-template.json', import.meta.url));

const FORMAT = 1;

interface TemplateManifest {
  format: number;
  pglite: string;
  /** The migrations applied in the template, in order (drizzle's `when` and sha256 of the SQL). */
  migrations: { when: number; hash: string }[];
}

/** Version of the installed @electric-sql/pglite (its package.json is not in its `exports`). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite package.json not found');
    dir = parent;
  }
}

function currentManifest(migrationsFolder: string): TemplateManifest {
  return {
    format: FORMAT,
    pglite: pgliteVersion(),
    migrations: readMigrationFiles({ migrationsFolder }).map((m) => ({ when: m.folderMillis, hash: m.hash })),
  };
}

function readManifest(file: string): TemplateManifest | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TemplateManifest;
  } catch {
    return null;
  }
}

/** Why a template made as `built` cannot serve `current`, or null when it can. */
function incompatibility(built: TemplateManifest, current: TemplateManifest): string | null {
  if (built.format !== current.format) return `template format ${built.format}, expected ${current.format}`;
  if (built.pglite !== current.pglite) return `template made with PGlite ${built.pglite}, installed ${current.pglite}`;
  if (!Array.isArray(built.migrations) || built.migrations.length > current.migrations.length) {
    return 'template has migrations that are not in the migrations folder';
  }
  const changed = built.migrations.findIndex(
    (m, i) => m.when !== current.migrations[i]?.when || m.hash !== current.migrations[i]?.hash,
  );
  return changed === -1 ? null : `migration #${changed} differs from the one in the template`;
}

export type TemplateLookup = { blob: Blob } | { blob: null; reason: string };

/**
 * The template as a Blob for PGlite's `loadDataDir` (already gunzipped: node:zlib is much faster
 * than PGlite's own decompression), or why there is none that can be used.
 */
export function loadPgliteTemplate(migrationsFolder: string): TemplateLookup {
  if (!existsSync(TEMPLATE_FILE)) return { blob: null, reason: `no template at ${TEMPLATE_FILE}` };
  const built = readManifest(TEMPLATE_MANIFEST_FILE);
  if (!built) return { blob: null, reason: `no readable template manifest at ${TEMPLATE_MANIFEST_FILE}` };
  try {
    const reason = incompatibility(built, currentManifest(migrationsFolder));
    if (reason) return { blob: null, reason };
    return { blob: new Blob([gunzipSync(readFileSync(TEMPLATE_FILE))], { type: 'application/x-tar' }) };
  } catch (error) {
    return { blob: null, reason: `template unreadable: ${(error as Error).message}` };
  }
}

/**
 * Makes the template (build time): initdb in memory, apply the migrations, checkpoint, dump.
 * Skips the work when the existing template was made from the same PGlite version and migrations.
 */
export async function buildPgliteTemplate(migrationsFolder: string, options: { force?: boolean } = {}) {
  const manifest = currentManifest(migrationsFolder);
  const existing = readManifest(TEMPLATE_MANIFEST_FILE);
  if (
    !options.force &&
    existing &&
    existsSync(TEMPLATE_FILE) &&
    JSON.stringify(existing) === JSON.stringify(manifest)
  ) {
    return { file: TEMPLATE_FILE, bytes: readFileSync(TEMPLATE_FILE).length, skipped: true };
  }
  // remove the manifest first: a build that fails half-way must not leave a manifest for a stale template
  rmSync(TEMPLATE_MANIFEST_FILE, { force: true });
  rmSync(TEMPLATE_FILE, { force: true });
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });

  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    await client.exec('CHECKPOINT');
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    const tmp = `${TEMPLATE_FILE}.tmp`;
    writeFileSync(tmp, tarball);
    renameSync(tmp, TEMPLATE_FILE);
    writeFileSync(TEMPLATE_MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
    return { file: TEMPLATE_FILE, bytes: tarball.length, skipped: false };
  } finally {
    await client.close();
  }
}
