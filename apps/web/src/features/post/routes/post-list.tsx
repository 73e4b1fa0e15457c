import { type PostRow, postList } from '@zhaokao/contracts';
import { Card, Space, Tag } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { useState } from 'react';
import { DeleteLink } from '../../../components/DeleteLink';
import { AddButton } from '../../../components/AddButton';
import { DepartmentFilter } from '../../../components/DepartmentFilter';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { usePlanOptions } from '../../../lib/options';
import { useHasPermission } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useDeletePost } from '../api/post-api';
import { lazyModal } from '../../../components/lazy-modal';
import { ActionLink } from '../../../components/ActionLink';

const PostFormModal = lazyModal(() => import('../components/PostFormModal').then((m) => m.PostFormModal));
const JobDetailDrawer = lazyModal(() => import('../components/JobDetailDrawer').then((m) => m.JobDetailDrawer));

export default function PostListPage() {
  const { filters, bind, tableProps } = usePagedList(postList, {
    label: '招录岗位列表',
    filters: { keyword: 'text', planId: 'id', departmentId: 'id' },
    showTotal: (total) => `共 ${total} 个岗位`,
  });
  const { data: plans } = usePlanOptions();
  const planChoices = (plans ?? []).map((p) => ({ label: p.name, value: p.id }));
  const canEdit = useHasPermission(['plan:edit']);
  const remove = useDeletePost();
  /** null: adding; a number: editing that post. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | undefined>(undefined);

  return (
    <Card title={canEdit ? '添加招录岗位' : '招录岗位'}>
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="选择招录计划" placeholder="全部招录计划" width={380} search {...bind('planId')} options={planChoices} />
        <DepartmentFilter {...bind('departmentId')} />
        <SearchFilter label="搜索招录岗位" placeholder="岗位名称" width={200} {...bind('keyword')} />
        <AddButton anyOf={['plan:edit']} onClick={() => setEditing(null)}>添加招录岗位</AddButton>
      </Space>
      {/* Fits 1440 px beside the sidebar (names wrap, never cut); narrower windows scroll sideways. */}
      <DataTable<PostRow> {...tableProps} size="middle" scroll={{ x: canEdit ? 1096 : 1048 }} columns={[
          {
            title: '岗位名称',
            dataIndex: 'jobVacancy',
            width: 110,
            fixed: 'left',
            render: (v: string, row: PostRow) => <ActionLink onClick={() => setViewing(row.id)}>{v}</ActionLink>,
          },
          { title: '招录计划', dataIndex: 'planName', width: 190 },
          { title: '招录部门', dataIndex: 'departmentName', width: 92, render: (v: string) => v || '—' },
          {
            title: '人数',
            key: 'counts',
            width: 84,
            render: (_: unknown, row: PostRow) => (
              <>
                <div>招录 {row.places} 人</div>
                <div>报名 {row.applicationCount} 人</div>
              </>
            ),
          },
          { title: '薪资待遇', dataIndex: 'salary', width: 132, render: (v: string) => v || '—' },
          { title: '工作地点', dataIndex: 'fixedAddress', width: 110, ellipsis: true, render: (v: string) => v || '—' },
          { title: '学历', dataIndex: 'education', width: 88, render: (v: string) => v || '—' },
          {
            title: '简历模板',
            dataIndex: 'talentTemplateName',
            width: 96,
            render: (v: string) => (v ? <Tag>{v}</Tag> : '—'),
          },
          { title: '附件', dataIndex: 'fileCount', width: 50 },
          {
            title: '操作',
            key: 'actions',
            width: canEdit ? 144 : 96,
            fixed: 'right' as const,
            render: (_: unknown, row: PostRow) => (
              <Space>
                <ActionLink onClick={() => setViewing(row.id)}>岗位详情</ActionLink>
                {canEdit && <ActionLink onClick={() => setEditing(row.id)}>编辑</ActionLink>}
                {canEdit && (
                  <DeleteLink title={`删除“${row.jobVacancy}”？`} onDelete={() => remove.mutateAsync({ id: row.id })} />
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
        />
      )}
      {viewing !== undefined && <JobDetailDrawer postId={viewing} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}
