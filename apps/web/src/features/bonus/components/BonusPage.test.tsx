// The 加分 page rendered to HTML from answers put in the query cache (no DOM here, as in GatePage.test.tsx), and the
// settings dialog's form likewise; the dialogs' rules are checked on the rules themselves, with the engine antd's Form runs.
import Schema from '@rc-component/async-validator';
import {
  BONUS_PROOF_MAX, type BonusGrantRow, type BonusSettingsView, bonusGrantList, bonusSettingsDetail,
  getCompanyUserInfo, statisticsPlanOptions,
} from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Form } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '../../../lib/query';
import { candidateOf } from '../../../test/rows';
import { BonusPage } from './BonusPage';
import { BonusSettingsForm, type BonusSettingsValues } from './BonusSettingsModal';
import { proofRules, revokeReasonRules } from './bonus-words';

const SETTINGS: BonusSettingsView = {
  planId: 1,
  cap: '5.00',
  stacking: false,
  categories: [
    { id: 4, name: '退役士兵', points: '3.00', granted: 1 },
    { id: 5, name: '少数民族', points: '2.00', granted: 0 },
  ],
};

const row = (id: number, more: Partial<BonusGrantRow> = {}): BonusGrantRow => ({
  id,
  applicationId: 10 + id,
  ...candidateOf(id),
  categoryName: '退役士兵',
  points: '3.00',
  proofNote: '已核验退役证原件',
  grantedBy: '王老师',
  grantedAt: '2026-05-01T02:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
  revokeReason: '',
  ...more,
});

function renderPage(permissions: string[], rows: BonusGrantRow[] = [row(1), row(2, { revokedAt: '2026-05-02T02:00:00.000Z', revokedBy: '李老师', revokeReason: '材料不符' })]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeyOf(statisticsPlanOptions, {}), [{ id: 1, name: '2026 年事业单位招聘', status: 'published', statuses: [], publishedStages: [] }]);
  client.setQueryData(queryKeyOf(getCompanyUserInfo, {}), { permissions });
  client.setQueryData(queryKeyOf(bonusSettingsDetail, { planId: 1 }), SETTINGS);
  client.setQueryData(queryKeyOf(bonusGrantList, { planId: 1, pageNum: 1, pageSize: 20 }), { list: rows, total: rows.length });
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/writtenExamination/bonus?planId=1']}>
        <BonusPage />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The buttons of the HTML, each as its text (or accessible name) and whether it is disabled. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({
    text: m[2]!.replace(/<[^>]+>/g, '').replace(/\s+/g, '') || /aria-label="([^"]*)"/.exec(m[1]!)?.[1] || '',
    disabled: /\sdisabled=""/.test(m[1]!),
  }));

/** The opening tags of the form's text and number inputs. */
const inputs = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).filter((tag) => /id="bonusSettings_/.test(tag));

function SettingsForm() {
  const [form] = Form.useForm<BonusSettingsValues>();
  return <BonusSettingsForm form={form} settings={SETTINGS} onFinish={() => {}} />;
}

const renderSettingsForm = () => renderToString(<SettingsForm />).replaceAll('<!-- -->', '');

describe('the 加分 page', () => {
  it('shows plan managers the settings as they stand, with 修改加分设置', () => {
    const html = renderPage(['plan:edit', 'content:publish']);
    for (const text of ['加分设置', '加分上限：5.00 分', '是否累加：不累加（取一项）', '退役士兵 3.00 分 · 1 人在用', '少数民族 2.00 分 · 暂无考生', '加分名单', '生成公告']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('您可查看');
    expect(buttons(html).find((b) => b.text === '修改加分设置')?.disabled).toBe(false);
  });

  it('edits the cap, stacking and the categories in the dialog’s form; a category in use cannot be removed', () => {
    const html = renderSettingsForm();
    for (const text of ['加分上限（分）', '不累加（取一项）', '可累加（不超过上限）', '1 人在用', '暂无考生', '不能再修改加分上限']) expect(html).toContain(text);
    expect(html).toContain('value="退役士兵"');
    expect(html).toContain('value="3.00"');
    const shown = buttons(html);
    expect(shown.find((b) => b.text === '添加加分项目')?.disabled).toBe(false);
    expect(shown.find((b) => b.text === '删除第 1 个加分项目')?.disabled).toBe(true);
    expect(shown.find((b) => b.text === '删除第 2 个加分项目')?.disabled).toBe(false);
    const fields = inputs(html);
    expect(fields.length).toBeGreaterThan(2);
    expect(fields.every((tag) => !/\sdisabled=""/.test(tag))).toBe(true);
  });

  it('shows the settings read-only without plan:edit, while the reviewer may still grant and revoke', () => {
    const html = renderPage(['review:written']);
    expect(html).toContain('退役士兵 3.00 分 · 1 人在用');
    expect(html).toContain('您可查看');
    const texts = buttons(html).map((b) => b.text);
    for (const text of ['修改加分设置', '保存', '添加加分项目', '删除第 1 个加分项目', '生成公告']) expect(texts).not.toContain(text);
    expect(texts).toContain('登记加分');
    expect(texts).toContain('导出Excel');
    expect(inputs(html)).toEqual([]);
  });

  it('lists the grants: 在用 with 撤销, 已撤销 with its reason and no action', () => {
    const html = renderPage(['review:written']);
    for (const text of ['考生1', '已核验退役证原件', '王老师', '2026-05-01 10:00', '在用', '已撤销', '原因：材料不符']) expect(html).toContain(text);
    expect(html).toContain('aria-label="撤销加分：考生1 退役士兵"');
    expect(html).not.toContain('aria-label="撤销加分：考生2');
  });
});

/** The first message antd's validation gives for a value under these rules, undefined when it takes it. */
const check = (rules: unknown, value: string) =>
  new Schema({ value: rules as never }).validate({ value }).then(
    () => undefined,
    (failure: { errors: { message: string }[] }) => failure.errors[0]?.message,
  );

describe('the dialogs', () => {
  it('登记加分 requires the proof note, of at most BONUS_PROOF_MAX characters', async () => {
    expect(await check(proofRules, '')).toBe('请输入证明材料核验情况');
    expect(await check(proofRules, '   ')).toBe('请输入证明材料核验情况');
    expect(await check(proofRules, 'x'.repeat(BONUS_PROOF_MAX + 1))).toBe(`证明材料核验情况最长 ${BONUS_PROOF_MAX} 个字`);
    expect(await check(proofRules, '已核验退役证原件')).toBeUndefined();
  });

  it('撤销 requires a reason', async () => {
    expect(await check(revokeReasonRules, '')).toBe('请输入撤销原因');
    expect(await check(revokeReasonRules, ' ')).toBe('请输入撤销原因');
    expect(await check(revokeReasonRules, '材料不符')).toBeUndefined();
  });
});
