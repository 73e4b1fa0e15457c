import { DownloadOutlined } from '@ant-design/icons';
import { BUY_STATUS, type TalentRow, exportPlatformTalentList, platformTalentList } from '@zhaokao/contracts';
import { Button, Card, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { lazyModal } from '../../../components/lazy-modal';
import { widthOf } from '../../../lib/columns';
import { useDictLabel } from '../../../lib/dict';
import { downloadFile, exportUrl } from '../../../lib/download';
import { usePagedList } from '../../../lib/use-paged-list';
import { TALENT_FILTERS, TalentFilterControls, talentFilterInput } from '../components/talent-filters';
import { talentColumns, talentTotalText } from '../components/talent-columns';

const TalentResumeModal = lazyModal(() => import('../components/TalentResumeModal').then((m) => m.TalentResumeModal));

/** 全部人才库: the platform's talents who let companies find them, masked until unlocked. */
export default function PlatformTalentPage() {
  const { filters, setFilters, tableProps } = usePagedList(platformTalentList, {
    label: '全部人才列表',
    filters: TALENT_FILTERS,
    defaultPageSize: 20,
    input: (f, page) => ({ ...talentFilterInput(f), ...page }),
    showTotal: talentTotalText,
    showQuickJumper: true,
  });
  const sexLabel = useDictLabel('sex');
  const [viewing, setViewing] = useState<number>();
  const [exporting, setExporting] = useState(false);

  async function exportList() {
    setExporting(true);
    await downloadFile(exportUrl(exportPlatformTalentList, talentFilterInput(filters), tableProps.pagination.total), '全部人才库.xlsx');
    setExporting(false);
  }

  const columns: ColumnsType<TalentRow> = [
    ...talentColumns<TalentRow>(sexLabel, (row) => setViewing(row.id), [
      {
        title: '简历状态',
        dataIndex: 'buyStatus',
        width: 86,
        render: (v: number) => (v === BUY_STATUS.unlocked ? <Tag color="green">已解锁</Tag> : <Tag color="orange">未解锁</Tag>),
      },
    ]),
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <ActionLink aria-label={`查看简历：${row.realName}`} onClick={() => setViewing(row.id)}>
          查看简历
        </ActionLink>
      ),
    },
  ];

  return (
    <Card
      title="全部人才库"
      className="page-card"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
          导出
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        平台上允许单位查找的人才。未解锁的简历隐藏手机号、邮箱和最近一段工作经历；本单位的报名者可免费查看，其他人才可使用简历额度或购买后查看。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <TalentFilterControls filters={filters} setFilters={setFilters} />
      </Space>
      <DataTable<TalentRow>
        {...tableProps}
        size="middle"
        scroll={{ x: widthOf(columns) }}
        locale={{ emptyText: '没有符合条件的人才' }}
        columns={columns}
      />
      {viewing !== undefined && <TalentResumeModal talentId={viewing} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
