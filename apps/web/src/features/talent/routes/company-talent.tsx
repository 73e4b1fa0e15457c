import { DownloadOutlined, TagsOutlined, FolderOutlined } from '@ant-design/icons';
import { type CompanyTalentRow, type TalentClassifyNode, exportCompanyTalentList, companyTalentList } from '@zhaokao/contracts';
import { Button, Card, Col, Row, Skeleton, Space, Tag, Typography } from 'antd';
// The plain tree: antd's Tree index also brings DirectoryTree.
import Tree from 'antd/es/tree/Tree';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SelectFilter } from '../../../components/ListFilters';
import { Permission } from '../../../components/Permission';
import { lazyModal } from '../../../components/lazy-modal';
import { widthOf } from '../../../lib/columns';
import { useDictLabel } from '../../../lib/dict';
import { downloadFile, exportUrl } from '../../../lib/download';
import { useHasPermission } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSelectableTableArea } from '../../../lib/use-selectable-table-area';
import { useClassifyTree, useTalentLabels } from '../api/talent-api';
import { countClassifies } from '../components/classify-options';
import { TALENT_FILTERS, TalentFilterControls, talentFilterInput } from '../components/talent-filters';
import { tagsOf, talentColumns, talentTotalText } from '../components/talent-columns';

const TalentResumeModal = lazyModal(() => import('../components/TalentResumeModal').then((m) => m.TalentResumeModal));
const BatchClassifyModal = lazyModal(() => import('../components/BatchClassifyModal').then((m) => m.BatchClassifyModal));
const BatchLabelModal = lazyModal(() => import('../components/BatchLabelModal').then((m) => m.BatchLabelModal));
const BlacklistModal = lazyModal(() => import('../components/BlacklistModal').then((m) => m.BlacklistModal));

const ALL = 'all';

type TreeData = { key: number | string; title: React.ReactNode; children?: TreeData[] };
const toTreeData = (nodes: TalentClassifyNode[]): TreeData[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.name} <Typography.Text type="secondary">({n.talentCount})</Typography.Text>
      </span>
    ),
    children: toTreeData(n.children),
  }));

/** 应聘人才库: the talents who applied to the company, filed under its classifications and labels. */
export default function CompanyTalentPage() {
  const { filters, setFilters, tableProps } = usePagedList(companyTalentList, {
    label: '应聘人才列表',
    filters: { ...TALENT_FILTERS, classifyId: 'id', labelId: 'id' },
    defaultPageSize: 20,
    input: (f, page) => ({ ...talentFilterInput(f), classifyId: f.classifyId, labelId: f.labelId, ...page }),
    showTotal: talentTotalText,
    showQuickJumper: true,
  });
  const { data: tree, isLoading: treeLoading } = useClassifyTree();
  const { data: labels } = useTalentLabels();
  const sexLabel = useDictLabel('sex');
  const canManage = useHasPermission(['talent:manage']);
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number>();
  const [batch, setBatch] = useState<'classify' | 'label'>();
  const [blacklisting, setBlacklisting] = useState<CompanyTalentRow>();
  const [exporting, setExporting] = useState(false);
  const tableArea = useSelectableTableArea();

  async function exportList() {
    setExporting(true);
    const { classifyId, labelId } = filters;
    await downloadFile(exportUrl(exportCompanyTalentList, { ...talentFilterInput(filters), classifyId, labelId }, tableProps.pagination.total), '应聘人才库.xlsx');
    setExporting(false);
  }

  const columns = [
    ...talentColumns<CompanyTalentRow>(sexLabel, (row) => setViewing(row.id), [
      { title: '分类', dataIndex: 'classifyNames', width: 160, render: (v: string[]) => tagsOf(v, 'blue') },
      { title: '标签', dataIndex: 'labels', width: 160, render: (v: string[]) => tagsOf(v, 'gold') },
    ]),
    { title: '报名次数', dataIndex: 'applicationCount', width: 90 },
    { title: '最近报名', dataIndex: 'lastAppliedAt', width: 120, render: (v: string) => (v ? formatTime(v, 'YYYY-MM-DD') : '—') },
    {
      title: '操作',
      key: 'actions',
      width: canManage ? 170 : 90,
      fixed: 'right' as const,
      render: (_: unknown, row: CompanyTalentRow) => (
        <Space size={12}>
          <ActionLink onClick={() => setViewing(row.id)}>查看简历</ActionLink>
          {canManage &&
            (row.blacklisted ? (
              <Tag color="red">已拉黑</Tag>
            ) : (
              <ActionLink type="danger" aria-label={`加入黑名单：${row.realName}`} onClick={() => setBlacklisting(row)}>
                加入黑名单
              </ActionLink>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} xxl={5}>
        <Card title="人才分类" size="small">
          {treeLoading ? (
            <Skeleton active />
          ) : (
            <Tree
              key={countClassifies(tree ?? [])}
              aria-label="人才分类"
              blockNode
              defaultExpandAll
              selectedKeys={[filters.classifyId ?? ALL]}
              treeData={[{ key: ALL, title: '全部', children: toTreeData(tree ?? []) }]}
              onSelect={(keys) => {
                const key = keys[0];
                setFilters({ classifyId: key === undefined || key === ALL ? undefined : Number(key) });
                setSelected([]);
              }}
            />
          )}
          {!treeLoading && (tree ?? []).length === 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              还没有分类，可在“分类配置”中新增。
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={18} xxl={19}>
        <Card title="应聘人才库" className="page-card">
          <Space wrap style={{ marginBottom: 12 }}>
            <TalentFilterControls filters={filters} setFilters={setFilters} />
            <SelectFilter
              label="标签"
              placeholder="全部标签"
              width={140}
              search
              value={filters.labelId}
              options={(labels ?? []).map((l) => ({ label: `${l.name}（${l.talentCount}）`, value: l.id }))}
              onChange={(labelId) => setFilters({ labelId })}
            />
          </Space>
          <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
            <Permission anyOf={['talent:manage']}>
              <Button icon={<FolderOutlined />} disabled={selected.length === 0} onClick={() => setBatch('classify')}>
                设置分类
              </Button>
              <Button icon={<TagsOutlined />} disabled={selected.length === 0} onClick={() => setBatch('label')}>
                设置标签
              </Button>
            </Permission>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
              导出
            </Button>
            <Typography.Text type="secondary">{selected.length > 0 ? `已选 ${selected.length} 人` : canManage ? '勾选人才后可批量设置分类和标签' : ''}</Typography.Text>
          </Space>
          <div ref={tableArea}>
          <DataTable<CompanyTalentRow>
            {...tableProps}
            size="middle"
            // 32: the row selection's checkbox column.
            scroll={{ x: widthOf(columns) + 32 }}
            locale={{ emptyText: '没有符合条件的人才' }}
            rowSelection={
              canManage
                ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)) }
                : undefined
            }
            columns={columns}
          />
          </div>
        </Card>
      </Col>
      {viewing !== undefined && <TalentResumeModal talentId={viewing} onClose={() => setViewing(undefined)} />}
      {batch === 'classify' && <BatchClassifyModal talentIds={selected} onClose={() => setBatch(undefined)} />}
      {batch === 'label' && <BatchLabelModal talentIds={selected} onClose={() => setBatch(undefined)} />}
      {blacklisting && <BlacklistModal talent={blacklisting} onClose={() => setBlacklisting(undefined)} />}
    </Row>
  );
}
