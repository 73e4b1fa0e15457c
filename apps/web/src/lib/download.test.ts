import { EXPORT_IN_BACKGROUND_ROWS, exportAuditLog, exportPlatformAuditLog } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { exportUrl } from './download';

describe('exportUrl', () => {
  it('asks a list export over EXPORT_IN_BACKGROUND_ROWS rows as a 后台任务, a shorter one or an unknown length as the file', () => {
    const filters = { kind: 'write', startDate: undefined };
    expect(exportUrl(exportAuditLog, filters, EXPORT_IN_BACKGROUND_ROWS + 1)).toBe('/api/admin/auditLog/export?kind=write&background=1');
    expect(exportUrl(exportAuditLog, filters, EXPORT_IN_BACKGROUND_ROWS)).toBe('/api/admin/auditLog/export?kind=write');
    expect(exportUrl(exportAuditLog, filters, undefined)).toBe('/api/admin/auditLog/export?kind=write');
  });

  it('never asks it of an export that cannot run as a job (the operator’s)', () => {
    expect(exportUrl(exportPlatformAuditLog, {}, EXPORT_IN_BACKGROUND_ROWS * 10)).toBe('/api/platform/auditLog/export?');
  });
});
