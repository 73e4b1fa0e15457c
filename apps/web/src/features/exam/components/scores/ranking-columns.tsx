import { ABSENT_WORD, type RankingKind, type RankingRow } from '@zhaokao/contracts';
import { Tooltip, Typography } from 'antd';

export const orDash = (v: string | null) => v ?? '—';
/** The stage's own score, 缺考 for the absent. */
const absentScore = (row: RankingRow, score: string | null) => score ?? (row.absent ? ABSENT_WORD : '—');

/**
 * 加试 (DESIGN §5 同分加试) of a composite ranking's row in words: '需加试' while the row is of the group tied after the
 * whole chain across the cut-off and not yet decided, '加试 88.00' once its 加试 score decided; null outside the group.
 */
export function extraTestWord(row: Pick<RankingRow, 'extraTest'>): string | null {
  if (!row.extraTest) return null;
  if (row.extraTest.needed) return '需加试';
  return row.extraTest.score === null ? null : `加试 ${row.extraTest.score}`;
}

/** The narrowest the 说明 column gets before the table scrolls sideways. */
export const EXPLANATION_MIN = 150;

/** 加分 in force, with the categories granted on a second line (whole in the tooltip). */
function BonusCell({ row }: { row: RankingRow }) {
  if (row.bonus === null) return <>—</>;
  return (
    <Tooltip title={row.bonusNames || undefined}>
      <span>{row.bonus}</span>
      {row.bonusNames && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {row.bonusNames}
        </Typography.Text>
      )}
    </Tooltip>
  );
}

/**
 * The score columns of a ranking. When a row of the written or composite ranking holds a bonus (DESIGN §5 加分), the
 * written score shows as 卷面成绩, 加分 and 笔试成绩 (their total, which ranks), in narrower columns so that the page
 * still fits 1440 px; otherwise the 笔试成绩 alone, as before.
 */
export function scoreColumnsOf(kind: RankingKind, rows: readonly RankingRow[]) {
  const withBonus = kind !== 'audition' && rows.some((r) => r.bonus !== null);
  const width = withBonus ? 80 : 90;
  // The written ranking says 缺考 for the absent; the later ones a dash.
  const writtenOf = (r: RankingRow, score: string | null) => (kind === 'written' ? absentScore(r, score) : orDash(score));
  const interview = { title: '面试成绩', key: 'interview', width, render: (_: unknown, r: RankingRow) => absentScore(r, r.interviewScore) };
  const written = withBonus
    ? [
        { title: '卷面成绩', key: 'paper', width, render: (_: unknown, r: RankingRow) => writtenOf(r, r.paperScore) },
        { title: '加分', key: 'bonus', width, render: (_: unknown, r: RankingRow) => <BonusCell row={r} /> },
        {
          title: '笔试成绩',
          key: 'written',
          width,
          render: (_: unknown, r: RankingRow) => <Typography.Text strong={kind === 'written'}>{writtenOf(r, r.writtenScore)}</Typography.Text>,
        },
      ]
    : [{ title: '笔试成绩', key: 'written', width, render: (_: unknown, r: RankingRow) => writtenOf(r, r.writtenScore) }];
  if (kind === 'written') return written;
  if (kind === 'audition') return [interview, ...written];
  return [
    ...written,
    interview,
    {
      title: '综合成绩',
      key: 'composite',
      width,
      render: (_: unknown, r: RankingRow) => <Typography.Text strong>{orDash(r.compositeScore)}</Typography.Text>,
    },
  ];
}
