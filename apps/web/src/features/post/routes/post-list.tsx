import type { PostRow } from '@zhaokao/contracts';
import { Button, Card, Input, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { Permission } from '../../../components/Permission';
import { showSuccess } from '../../../lib/api-client';
import { departmentOptions, useDepartmentTree } from '../../../lib/departments';
import { useHasPermission } from '../../../lib/session';
import { useDeletePost } from '../api/delete-post';
import { usePlanOptions } from '../api/get-plan-options';
import { usePostList } from '../api/get-post-list';
import { JobDetailDrawer } from '../components/JobDetailDrawer';
import { PostFormModal } from '../components/PostFormModal';
import { DeleteLink } from '../../../components/DeleteLink';

interface Filters {
  keyword: string;
  planId?: number;
  departmentId?: number;
}

export default function PostListPage() {
  const [filters, setFilters] = useState<Filters>({ keyword: '' });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = usePostList({ ...filters, ...page });
  const { data: plans } = usePlanOptions();
  const { data: tree } = useDepartmentTree();
  const canEdit = useHasPermission(['plan:edit']);
  const remove = useDeletePost();
  /** null: adding; a number: editing that post. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | undefined>(undefined);

  const filter = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage({ ...page, pageNum: 1 });
  };

  return (
    <Card title="添加招录岗位">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部招录计划"
          aria-label="选择招录计划"
          style={{ width: 240 }}
          showSearch={{ optionFilterProp: 'label' }}
          options={(plans ?? []).map((p) => ({ label: p.name, value: p.id }))}
          onChange={(planId?: number) => filter({ planId })}
        />
        <TreeSelect
          allowClear
          placeholder="全部部门"
          aria-label="按部门筛选"
          style={{ width: 180 }}
          treeDefaultExpandAll
          treeData={departmentOptions(tree ?? [])}
          onChange={(departmentId?: number) => filter({ departmentId })}
        />
        <Input.Search
          allowClear
          placeholder="岗位名称"
          aria-label="搜索招录岗位"
          maxLength={50}
          style={{ width: 200 }}
          onSearch={(keyword) => filter({ keyword: keyword.trim() })}
        />
        <Permission anyOf={['plan:edit']}>
          <Button type="primary" onClick={() => setEditing(null)}>
            添加招录岗位
          </Button>
        </Permission>
      </Space>
      <Table<PostRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list}
        scroll={{ x: 1400 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 个岗位`,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          {
            title: '岗位名称',
            dataIndex: 'jobVacancy',
            width: 160,
            fixed: 'left',
            ellipsis: true,
            render: (v: string, row: PostRow) => <Typography.Link onClick={() => setViewing(row.id)}>{v}</Typography.Link>,
          },
          { title: '招录计划', dataIndex: 'planName', width: 180, ellipsis: true },
          { title: '招录部门', dataIndex: 'departmentName', width: 120, render: (v: string) => v || '—' },
          { title: '招录人数', dataIndex: 'places', width: 90 },
          { title: '薪资待遇', dataIndex: 'salary', width: 130, render: (v: string) => v || '—' },
          { title: '工作地点', dataIndex: 'fixedAddress', width: 180, ellipsis: true, render: (v: string) => v || '—' },
          { title: '学历', dataIndex: 'education', width: 90, render: (v: string) => v || '—' },
          {
            title: '简历模板',
            dataIndex: 'talentTemplateName',
            width: 120,
            render: (v: string) => (v ? <Tag>{v}</Tag> : '—'),
          },
          { title: '附件', dataIndex: 'fileCount', width: 70 },
          { title: '报名数', dataIndex: 'applicationCount', width: 80 },
          {
            title: '操作',
            key: 'actions',
            width: canEdit ? 170 : 90,
            fixed: 'right' as const,
            render: (_: unknown, row: PostRow) => (
              <Space>
                <Typography.Link onClick={() => setViewing(row.id)}>岗位详情</Typography.Link>
                {canEdit && <Typography.Link onClick={() => setEditing(row.id)}>编辑</Typography.Link>}
                {canEdit && (
                  <DeleteLink title={`删除“${row.jobVacancy}”？`} onDelete={() => remove.mutateAsync(row.id)} />
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <PostFormModal
          postId={editing ?? undefined}
          planId={filters.planId}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess('保存成功');
          }}
        />
      )}
      {viewing !== undefined && <JobDetailDrawer postId={viewing} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
