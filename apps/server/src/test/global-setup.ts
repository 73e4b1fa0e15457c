import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkAuditCoverage } from './audit-coverage.js';
import { type DatabaseKind, type TemplateName, dropTemplate, makeTemplate } from './templates.js';

const NAMES: TemplateName[] = ['plain', 'recruitment'];

/** Whether the run is the whole suite (`npm test`), not some of its files or tests (`npm test -- file`, `-t`, a shard). */
function wholeRun(project: TestProject) {
  const { config } = project.vitest;
  // filenamePattern: the run's file filters, not in Vitest's typed API
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  return !filters?.length && !config.testNamePattern && !config.shard;
}

/**
 * Once per test run: the database templates the test apps start from (see templates.ts). Vitest calls this for each
 * project in turn; the first call makes the templates of every project of the run at once (PGlite works in this
 * process while the PostgreSQL server works for the other project), the later calls find theirs made.
 */
export default async function setup(project: TestProject) {
  if (project.getProvidedContext().databaseTemplates) return;
  const projects = project.vitest.projects.filter((p) => p.config.env.TEST_DB);
  const dir = await mkdtemp(path.join(tmpdir(), 'zhaokao-templates-'));
  const made = await Promise.allSettled(
    projects.flatMap((p) => NAMES.map((name) => makeTemplate(p.config.env.TEST_DB as DatabaseKind, name, path.join(dir, p.name)))),
  );
  const templates = made.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const coverageDir = path.join(dir, 'audit-coverage');
  await mkdir(coverageDir);
  const teardown = async () => {
    await Promise.all(templates.map(dropTemplate));
    try {
      if (process.env.AUDIT_COVERAGE_CHECK && !failed && wholeRun(project)) checkAuditCoverage(coverageDir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const failed = made.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  for (const [i, p] of projects.entries()) {
    p.provide('databaseTemplates', { plain: templates[i * NAMES.length]!, recruitment: templates[i * NAMES.length + 1]! });
    p.provide('auditCoverageDir', coverageDir);
  }
  return teardown;
}
