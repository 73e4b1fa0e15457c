import {
  bonusGrantList, bonusNoticeDraft, bonusSettingsDetail, exportBonusGrantList, grantBonus, revokeBonus,
  saveBonusSettings,
} from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { pagedRows, parsedRows } from '../../shared/rows.js';
import { xlsxAnswer } from '../../shared/xlsx.js';
import { bonusDbRow, bonusListRow, bonusListSql, grantBonusTo, requireListScope, revokeBonusGrant } from './grants.js';
import { bonusNoticeDraftOf } from './notice-draft.js';
import { bonusSettingsOf, saveBonusSettingsOf } from './settings.js';

/** 加分 (DESIGN §5 "Fair-exam rules beyond SPEC"): settings, grants and revocations, their list and notice draft. */
export function bonusRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, bonusSettingsDetail, async ({ input, session }) => bonusSettingsOf(db, session.companyId, input.planId));
  defineRoute(app, saveBonusSettings, async ({ input, session }) => db.transaction((tx) => saveBonusSettingsOf(tx, session.companyId, input)), {
    successMsg: '加分设置已保存',
  });

  defineRoute(app, bonusGrantList, async ({ input, session }) => {
    await requireListScope(db, session.companyId, input);
    const q = bonusListSql(session.companyId, input);
    const page = await pagedRows(db, q, bonusDbRow, input);
    return { total: page.total, list: page.list.map(bonusListRow) };
  });

  defineFileRoute(app, exportBonusGrantList, async ({ input, session }) => {
    const plan = await requireListScope(db, session.companyId, input);
    const list = await parsedRows(db, bonusListSql(session.companyId, input).rows, bonusDbRow);
    return xlsxAnswer(`${plan.name}加分名单.xlsx`, '加分名单', [
      { header: '岗位', width: 20, values: list.map((r) => r.jobVacancy) },
      { header: '姓名', width: 12, values: list.map((r) => r.realName) },
      { header: '性别', width: 6, values: list.map((r) => r.sex) },
      { header: '身份证号', width: 22, values: list.map((r) => r.identityNo) },
      { header: '手机号', width: 14, values: list.map((r) => r.phone) },
      { header: '加分项目', width: 14, values: list.map((r) => r.categoryName) },
      { header: '加分', width: 8, values: list.map((r) => r.points) },
      { header: '证明材料核验情况', width: 30, values: list.map((r) => r.proofNote) },
      { header: '审核人', width: 10, values: list.map((r) => r.grantedBy) },
      { header: '状态', width: 8, values: list.map((r) => (r.revokedAt === null ? '有效' : '已撤销')) },
      { header: '撤销人', width: 10, values: list.map((r) => r.revokedBy ?? '') },
      { header: '撤销原因', width: 30, values: list.map((r) => r.revokeReason) },
    ]);
  });

  defineRoute(app, grantBonus, async ({ input, session }) => db.transaction((tx) => grantBonusTo(tx, session.companyId, session.userId, input)), {
    successMsg: '已加分',
  });
  defineRoute(app, revokeBonus, async ({ input, session }) => db.transaction((tx) => revokeBonusGrant(tx, session.companyId, session.userId, input)), {
    successMsg: '已撤销加分',
  });

  defineRoute(app, bonusNoticeDraft, async ({ input, session }) => bonusNoticeDraftOf(db, session.companyId, input.planId));
}
