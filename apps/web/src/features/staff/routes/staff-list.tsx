import { type StaffRow, staffList } from '@zhaokao/contracts';
import { Card, Popconfirm, Space, Tabs, Tag } from 'antd';
import { DataTable } from '../../../components/DataTable';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton';
import { DepartmentFilter } from '../../../components/DepartmentFilter';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { announce } from '../../../lib/api-client';
import { useHasPermission, useSessionUser } from '../../../lib/session';
import { actionsColumn } from '../../../lib/columns';
import { usePagedList } from '../../../lib/use-paged-list';
import { useRoles, useSetStaffEnabled } from '../api/staff-api';
import { lazyModal } from '../../../components/lazy-modal';
import { RolesTab } from '../components/RolesTab';
import { ActionLink } from '../../../components/ActionLink';

const StaffFormModal = lazyModal(() => import('../components/StaffFormModal').then((m) => m.StaffFormModal));
const ResetPasswordModal = lazyModal(() => import('../components/ResetPasswordModal').then((m) => m.ResetPasswordModal));

const ENABLED_OPTIONS = [
  { label: '启用', value: true },
  { label: '停用', value: false },
];

function StaffTab() {
  const { bind, tableProps } = usePagedList(staffList, {
    label: '工作人员列表',
    filters: { keyword: 'text', departmentId: 'id', roleId: 'id', enabled: 'boolean' },
    showTotal: (total) => `共 ${total} 人`,
  });
  const { data: roles } = useRoles();
  const roleChoices = (roles ?? []).map((r) => ({ label: r.name, value: r.id }));
  const { data: me } = useSessionUser();
  const setEnabled = useSetStaffEnabled();
  const canEdit = useHasPermission(['staff:manage']);
  const [editing, setEditing] = useState<StaffRow | null | undefined>(undefined);
  const [resetting, setResetting] = useState<StaffRow | null>(null);

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchFilter label="搜索工作人员" placeholder="姓名、账号或手机号" width={220} {...bind('keyword')} />
        <DepartmentFilter {...bind('departmentId')} />
        <SelectFilter label="按角色筛选" placeholder="全部角色" width={140} {...bind('roleId')} options={roleChoices} />
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={120} {...bind('enabled')} options={ENABLED_OPTIONS} />
        <AddButton anyOf={['staff:manage']} onClick={() => setEditing(null)}>添加工作人员</AddButton>
      </Space>
      <DataTable<StaffRow> {...tableProps} scroll={{ x: 960 }} columns={[
          { title: '姓名', dataIndex: 'name', width: 100, fixed: 'left' },
          { title: '登录账号', dataIndex: 'loginAccount', width: 120 },
          { title: '手机号码', dataIndex: 'phone', width: 130 },
          { title: '邮箱', dataIndex: 'email', ellipsis: true },
          { title: '部门', dataIndex: 'departmentName', width: 140, render: (v: string) => v || '—' },
          { title: '角色', dataIndex: 'roleName', width: 120 },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 80,
            render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          ...actionsColumn(canEdit, {
            width: 190,
            render: (row: StaffRow) => (
              <Space>
                <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>
                <ActionLink onClick={() => setResetting(row)}>重置密码</ActionLink>
                {row.id !== me?.id && (
                  <Popconfirm
                    title={row.enabled ? `停用“${row.name}”？该账号会立即退出登录。` : `启用“${row.name}”？`}
                    okText={row.enabled ? '停用' : '启用'}
                    okButtonProps={{ danger: row.enabled }}
                    onConfirm={() => announce(setEnabled.mutateAsync({ id: row.id, enabled: !row.enabled }), row.enabled ? '已停用' : '已启用')}
                  >
                    <ActionLink type={row.enabled ? 'danger' : undefined}>{row.enabled ? '停用' : '启用'}</ActionLink>
                  </Popconfirm>
                )}
              </Space>
            ),
          }),
        ]}
      />
      {editing !== undefined && (
        <StaffFormModal
          staff={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      {resetting && (
        <ResetPasswordModal
          staff={resetting}
          onClose={() => setResetting(null)}
        />
      )}
    </>
  );
}

export default function StaffListPage() {
  return (
    <Card title="添加工作人员">
      <Tabs
        items={[
          { key: 'staff', label: '工作人员', children: <StaffTab /> },
          { key: 'roles', label: '角色与权限', children: <RolesTab /> },
        ]}
      />
    </Card>
  );
}
