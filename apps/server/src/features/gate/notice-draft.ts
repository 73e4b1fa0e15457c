import { GATE_RESULTS, type GateStage, PUBLICITY_RESULTS, gateStageRow, toChinaDateTime } from '@zhaokao/contracts';
import type { Db } from '../../db/client.js';
import { codeColumn, escapeHtml, htmlCell as cell } from '../../shared/notice-html.js';
import { PUBLICITY, gatePlanOf, gateRowsAll, publicityEndOf, requireGateChosen } from './list.js';

const TITLE_MAX = 100;

/**
 * A gate's list as a notice draft (DESIGN §5: 资格复审结果, 体检名单, 考察名单, 拟聘用人员公示), opened in the notice editor
 * before anything is published: the title, a table of the gate's candidates (序号, 岗位, 姓名, the ticket code or the
 * masked identity number, the score the gate follows and the result) in the post's ranking order, and for 公示 its
 * period's end, the objection deadline (HTML as shared/notice-html.ts makes it).
 */
export async function gateNoticeDraft(db: Db, companyId: number, stage: GateStage, planId: number) {
  const gate = gateStageRow(stage);
  const plan = await gatePlanOf(db, companyId, planId);
  requireGateChosen(plan, gate);
  const publicity = gate.stage === PUBLICITY.stage;
  const rows = await gateRowsAll(db, {
    companyId,
    gate: stage,
    planId: plan.id,
    ...(publicity && { statuses: [PUBLICITY.statuses.pending, PUBLICITY.statuses.passed] }),
  });
  const code = codeColumn(rows);
  const scoreHeader = gate.ranking === 'written' ? '笔试成绩' : '综合成绩';
  const words = publicity ? PUBLICITY_RESULTS : GATE_RESULTS;
  const headers = ['序号', '岗位', '姓名', code.header, scoreHeader, publicity ? '状态' : `${gate.name}结果`];
  const body = rows
    .map((r, i) =>
      `<tr>${[i + 1, r.jobVacancy, r.realName, code.value(r), r.score ?? '', words[r.result]].map((v) => cell('td', v)).join('')}</tr>`,
    )
    .join('');
  const title = `${plan.name}${gate.noticeTitle}`.slice(0, TITLE_MAX);
  const parts = [
    `<p>${escapeHtml(`根据${plan.name}的有关规定，现将${gate.noticeTitle.replace(/公示$/, '')}${publicity ? '予以公示' : '公布如下'}。`)}</p>`,
    rows.length === 0
      ? '<p>暂无人员。</p>'
      : `<table><thead><tr>${headers.map((h) => cell('th', h)).join('')}</tr></thead><tbody>${body}</tbody></table>`,
  ];
  let deadline: string | null = null;
  if (publicity) {
    const end = await publicityEndOf(db, companyId, plan);
    if (end) {
      deadline = end.toISOString();
      parts.push(
        `<p>${escapeHtml(`公示期为 ${plan.publicityDays} 天，至 ${toChinaDateTime(end)} 止。公示期间如有异议，请以书面形式向招聘单位反映；逾期不予受理。`)}</p>`,
      );
    }
  }
  return { title, content: parts.join(''), deadline };
}
