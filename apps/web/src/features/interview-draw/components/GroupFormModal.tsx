import { DRAW_POSTS_REQUIRED, type DrawGroupRow, saveInterviewDrawGroup } from '@zhaokao/contracts';
import { Alert, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '../../../components/FormModal';
import { rulesOf } from '../../../lib/form-rules';
import { useInterviewRooms } from '../api/get-interview-rooms';
import { useSaveInterviewDrawGroup } from '../api/save-draw-group';
import { DATE_MISSING, type DrawPost, postLabel } from './draw-words';

interface Values {
  roomId: number;
  date: Dayjs;
  recruitmentIds: number[];
}

const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * 添加 / 编辑分组: an interview room of the plan, the date, and the posts whose candidates it interviews (from the posts
 * not yet in a group, and the group's own). A change clears the group's draws.
 */
export function GroupFormModal({
  planId,
  group,
  defaultDate,
  unassignedPosts,
  onClose,
}: {
  planId: number;
  /** Null to add a group. */
  group: DrawGroupRow | null;
  defaultDate: string | null;
  unassignedPosts: DrawPost[];
  onClose(): void;
}) {
  const rooms = useInterviewRooms(planId);
  const save = useSaveInterviewDrawGroup();
  const posts = [...(group?.posts ?? []), ...unassignedPosts];
  const date = group?.date ?? defaultDate;
  const drawn = group !== null && (group.orderSeed !== null || group.examinerSeed !== null);

  return (
    <FormModal<Values>
      name="interviewDrawGroup"
      title={group ? `编辑面试分组：${group.roomName} ${group.date}` : '添加面试分组'}
      width={600}
      initialValues={{ roomId: group?.roomId, date: date ? dayjs(date) : undefined, recruitmentIds: group?.posts.map((p) => p.recruitmentId) ?? [] }}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(v) =>
        save.mutateAsync({ id: group?.id, planId, roomId: v.roomId, date: v.date.format(DATE_FORMAT), recruitmentIds: v.recruitmentIds })
      }
    >
      {drawn && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="修改分组会清除本组已抽取的面试顺序和考官，保存后须重新抽签。" />}
      <Form.Item label="面试考场" name="roomId" rules={rulesOf(saveInterviewDrawGroup, 'roomId', '请选择面试考场')} extra="考场在“面试准考证设置”中添加">
        <Select<number>
          aria-label="面试考场"
          placeholder="选择面试考场"
          loading={rooms.isLoading}
          notFoundContent="该计划还没有面试考场，请先在面试准考证设置中添加"
          options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item label="面试日期" name="date" rules={[{ required: true, message: DATE_MISSING }]}>
        <DatePicker aria-label="面试日期" format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="面试岗位"
        name="recruitmentIds"
        rules={rulesOf(saveInterviewDrawGroup, 'recruitmentIds', DRAW_POSTS_REQUIRED)}
        extra="一个岗位的考生须在同一组；列出的是尚未分组、有待面试考生的岗位"
      >
        <Select<number[]>
          mode="multiple"
          aria-label="面试岗位"
          placeholder="选择该组面试的岗位"
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="没有尚未分组的面试岗位"
          options={posts.map((p) => ({ value: p.recruitmentId, label: postLabel(p) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
