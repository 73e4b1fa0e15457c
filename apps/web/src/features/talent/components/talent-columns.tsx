import { TALENT_COUNT_CAP, type TalentRow } from '@zhaokao/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ActionLink } from '../../../components/ActionLink';

/** A talent list's total: the server counts up to one past the cap. */
export const talentTotalText = (n: number) => `共 ${n > TALENT_COUNT_CAP ? `${TALENT_COUNT_CAP}+` : n} 人`;

/** The columns both talent lists show, the name opening the resume; `after` follows the name (a list's own columns). */
export function talentColumns<Row extends TalentRow>(sexLabel: (v: string) => string, open: (row: Row) => void, after: ColumnsType<Row> = []): ColumnsType<Row> {
  return [
    {
      title: '姓名',
      dataIndex: 'realName',
      width: 120,
      fixed: 'left',
      render: (name: string, row) => (
        <span>
          <ActionLink onClick={() => open(row)}>{name}</ActionLink>
          {row.blacklisted && (
            <Tag color="red" style={{ marginLeft: 4 }}>
              黑名单
            </Tag>
          )}
        </span>
      ),
    },
    ...after,
    { title: '性别', dataIndex: 'sex', width: 52, render: (v: string) => sexLabel(v) || '—' },
    { title: '年龄', dataIndex: 'age', width: 52, render: (v: number | null) => v ?? '—' },
    { title: '学历', dataIndex: 'education', width: 96, render: (v: string) => v || '—' },
    { title: '毕业院校', dataIndex: 'graduateSchool', width: 130, ellipsis: true, render: (v: string) => v || '—' },
    { title: '专业', dataIndex: 'major', width: 120, ellipsis: true, render: (v: string) => v || '—' },
    { title: '工作年限', dataIndex: 'workYears', width: 80, render: (v: number) => `${v} 年` },
    // The phone over the e-mail address: side by side, the two left the whole list wider than a 1440 px screen.
    {
      title: '联系方式',
      key: 'contact',
      width: 180,
      render: (_: unknown, row) => (
        <>
          <div>{row.phone || '—'}</div>
          <div>{row.email || '—'}</div>
        </>
      ),
    },
    { title: '政治面貌', dataIndex: 'politicalOutlook', width: 100, ellipsis: true, render: (v: string) => v || '—' },
  ];
}


export const tagsOf = (names: string[], color?: string) =>
  names.length === 0 ? '—' : names.map((n) => <Tag key={n} color={color} style={{ marginBottom: 2 }}>{n}</Tag>);
