import type { StaffRow } from '@zhaokao/contracts';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tabs, Tag, TreeSelect, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Permission } from '../../../components/Permission';
import { showSuccess } from '../../../lib/api-client';
import { departmentOptions, useDepartmentTree } from '../../../lib/departments';
import { useHasPermission, useSessionUser } from '../../../lib/session';
import { useRoles } from '../api/get-roles';
import { useStaffList } from '../api/get-staff-list';
import { useSetStaffEnabled } from '../api/set-staff-enabled';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { RolesTab } from '../components/RolesTab';
import { StaffFormModal } from '../components/StaffFormModal';

interface Filters {
  keyword: string;
  departmentId?: number;
  roleId?: number;
  enabled?: boolean;
}

function StaffTab() {
  const [filters, setFilters] = useState<Filters>({ keyword: '' });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useStaffList({ ...filters, ...page });
  const { data: tree } = useDepartmentTree();
  const { data: roles } = useRoles();
  const { data: me } = useSessionUser();
  const setEnabled = useSetStaffEnabled();
  const canEdit = useHasPermission(['staff:manage']);
  const [editing, setEditing] = useState<StaffRow | null | undefined>(undefined);
  const [resetting, setResetting] = useState<StaffRow | null>(null);

  const filter = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage({ ...page, pageNum: 1 });
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="姓名、账号或手机号"
          aria-label="搜索工作人员"
          maxLength={50}
          style={{ width: 220 }}
          onSearch={(keyword) => filter({ keyword: keyword.trim() })}
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
        <Select
          allowClear
          placeholder="全部角色"
          aria-label="按角色筛选"
          style={{ width: 140 }}
          options={(roles ?? []).map((r) => ({ label: r.name, value: r.id }))}
          onChange={(roleId?: number) => filter({ roleId })}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 120 }}
          options={[
            { label: '启用', value: 'on' },
            { label: '停用', value: 'off' },
          ]}
          onChange={(v?: string) => filter({ enabled: v === undefined ? undefined : v === 'on' })}
        />
        <Permission anyOf={['staff:manage']}>
          <Button type="primary" onClick={() => setEditing(null)}>
            添加工作人员
          </Button>
        </Permission>
      </Space>
      <Table<StaffRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list}
        scroll={{ x: 960 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 人`,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
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
          { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 190,
                  fixed: 'right' as const,
                  render: (_: unknown, row: StaffRow) => (
                    <Space>
                      <Typography.Link onClick={() => setEditing(row)}>编辑</Typography.Link>
                      <Typography.Link onClick={() => setResetting(row)}>重置密码</Typography.Link>
                      {row.id !== me?.id && (
                        <Popconfirm
                          title={row.enabled ? `停用“${row.name}”？该账号会立即退出登录。` : `启用“${row.name}”？`}
                          okText={row.enabled ? '停用' : '启用'}
                          okButtonProps={{ danger: row.enabled }}
                          onConfirm={async () => {
                            const ok = await setEnabled.mutateAsync({ id: row.id, enabled: !row.enabled }).then(
                              () => true,
                              () => false,
                            );
                            if (ok) showSuccess(row.enabled ? '已停用' : '已启用');
                          }}
                        >
                          <Typography.Link type={row.enabled ? 'danger' : undefined}>{row.enabled ? '停用' : '启用'}</Typography.Link>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <StaffFormModal
          staff={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess('保存成功');
          }}
        />
      )}
      {resetting && (
        <ResetPasswordModal
          staff={resetting}
          onClose={() => setResetting(null)}
          onDone={() => {
            setResetting(null);
            showSuccess('密码已重置');
          }}
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
