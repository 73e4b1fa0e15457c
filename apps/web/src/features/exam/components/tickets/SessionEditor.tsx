import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EXAM_STAGES, EXAM_SUBJECT_MAX, type ExamSessionView, type ExamStage, ROOM_NAME_MAX, ROOM_SEATS_MAX,
  ROOMS_MAX, SUCCESS_MESSAGES, TICKET_NOTES_MAX, TICKET_PATTERN_MAX, TICKET_PATTERN_PARTS, saveExamSession,
} from '@zhaokao/contracts';
import { App, Button, InputNumber, Space, Tag, Tooltip, Typography, theme } from 'antd';
// Input and TextArea alone: antd's Input index also brings Password and OTP, which this editor does not show.
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { type ReactNode, useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { DraftSaveBar } from '../../../../components/DraftSaveBar';
import { announce } from '../../../../lib/api-client';
import { useSaveExamSession } from '../../api/ticket-api';

interface RoomDraft {
  key: string;
  id?: number;
  name: string;
  seats: number | null;
}

const DEFAULT_SEATS = 30;
let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** 第 n 考场 with the smallest n not yet taken. */
function freeRoomName(rooms: RoomDraft[]) {
  const taken = new Set(rooms.map((r) => r.name.trim()));
  let n = rooms.length + 1;
  for (let i = 1; i <= rooms.length + 1; i++) {
    if (!taken.has(`第${i}考场`)) {
      n = i;
      break;
    }
  }
  return `第${n}考场`;
}

/** What a code looks like with the pattern: the first seat of the first room. */
function exampleCode(pattern: string, planId: number, stage: ExamStage, examTime: string) {
  const values: Record<string, string> = {
    '{year}': /^\d{4}/.test(examTime) ? examTime.slice(0, 4) : String(new Date().getFullYear()),
    '{plan}': String(planId).padStart(3, '0'),
    '{stage}': String(stage),
    '{room}': '001',
    '{seat}': '01',
  };
  return pattern.replace(/\{(year|plan|stage|room|seat)\}/g, (part) => values[part]!);
}

/** Where an input problem is, in words: 第 3 个考场：… */
function placeOf(path: PropertyKey[]) {
  if (path[0] === 'rooms' && typeof path[1] === 'number') return `第 ${path[1] + 1} 个考场：`;
  return '';
}

/**
 * A label above its input and a note below it, laid out as in a vertical antd Form. The editor checks its input with
 * the contracts' schema when saved, so it does without Form, whose store and validation (about 20 KB gzip) the page
 * would load only for this layout.
 */
function Field({ label, htmlFor, extra, children }: { label: string; htmlFor: string; extra: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS }}>
        <label htmlFor={htmlFor} title={label} style={{ color: token.colorTextHeading }}>
          {label}
        </label>
      </div>
      {children}
      <div style={{ minHeight: token.controlHeightSM, color: token.colorTextDescription }}>{extra}</div>
    </div>
  );
}

/** 考场设置: the ticket code pattern, the notes printed on tickets, and the rooms with their seats; saved together. */
export function SessionEditor({
  planId,
  stage,
  session,
  onDirtyChange,
}: {
  planId: number;
  stage: ExamStage;
  session: ExamSessionView;
  onDirtyChange(dirty: boolean): void;
}) {
  const { message } = App.useApp();
  const save = useSaveExamSession();
  const initialRooms = (): RoomDraft[] => session.rooms.map((r) => ({ key: `room-${r.id}`, id: r.id, name: r.name, seats: r.seats }));
  // Seated and issued counts change with seating and issue; they are read from the session, not kept in the draft.
  const saved = new Map(session.rooms.map((r) => [r.id, r]));
  const issuedIn = (r: RoomDraft) => (r.id === undefined ? 0 : (saved.get(r.id)?.issued ?? 0));
  const initialText = () => ({ codePattern: session.codePattern, notes: session.notes, subject: session.subject, endTime: session.endTime });
  const [text, setText] = useState(initialText);
  const { codePattern: pattern, notes, subject, endTime } = text;
  const [rooms, setRooms] = useState<RoomDraft[]>(initialRooms);
  const [dirty, setDirtyState] = useState(false);

  const setDirty = (value: boolean) => {
    setDirtyState(value);
    onDirtyChange(value);
  };
  const editText = (name: keyof typeof text, value: string) => {
    setText({ ...text, [name]: value });
    setDirty(true);
  };
  /** An input's onChange that edits one of the texts. */
  const edits = (name: keyof typeof text) => (e: { target: { value: string } }) => editText(name, e.target.value);
  const updateRooms = (next: RoomDraft[]) => {
    setRooms(next);
    setDirty(true);
  };
  const patchRoom = (key: string, change: Partial<RoomDraft>) => updateRooms(rooms.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const newRoom = (list: RoomDraft[], seats: number): RoomDraft => ({ key: newKey(), name: freeRoomName(list), seats });

  const seats = rooms.reduce((sum, r) => sum + (r.seats ?? 0), 0);
  const needed = session.unseated + session.seatedNotIssued + session.issued;
  const missing = needed - seats;

  /** Adds rooms as large as the last one until every candidate has a seat. */
  const fillRooms = () => {
    const size = rooms.at(-1)?.seats ?? DEFAULT_SEATS;
    const next = [...rooms];
    let total = seats;
    while (total < needed && next.length < ROOMS_MAX) {
      next.push(newRoom(next, size));
      total += size;
    }
    updateRooms(next);
  };

  const onSave = async () => {
    const input = {
      planId,
      type: stage,
      ...text,
      rooms: rooms.map((r) => ({ id: r.id, name: r.name.trim(), seats: r.seats ?? undefined })),
    };
    const checked = saveExamSession.input.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      void message.error(`${placeOf(issue.path)}${issue.message}`, 3);
      return;
    }
    if (await announce(save.mutateAsync(checked.data), SUCCESS_MESSAGES.saved)) setDirty(false);
  };

  return (
    <>
      <Field
        label="准考证号规则"
        htmlFor={`ticket-pattern-${stage}`}
        extra={
          <Space orientation="vertical" size={4} style={{ marginTop: 4 }}>
            <span>
              {Object.entries(TICKET_PATTERN_PARTS).map(([part, meaning]) => (
                <Tooltip key={part} title={`点击插入 ${part}`}>
                  <Tag
                    style={{ cursor: 'pointer', marginBottom: 4 }}
                    onClick={() => editText('codePattern', `${pattern}${part}`)}
                  >
                    {part} {meaning}
                  </Tag>
                </Tooltip>
              ))}
            </span>
            <span>
              须包含 {'{room}'} 和 {'{seat}'}；座位超过 99 个的考场，座位号为 3 位。示例：
              <Typography.Text code>{exampleCode(pattern, planId, stage, session.examTime)}</Typography.Text>
            </span>
          </Space>
        }
      >
        <Input
          id={`ticket-pattern-${stage}`}
          value={pattern}
          maxLength={TICKET_PATTERN_MAX}
          onChange={edits('codePattern')}
        />
      </Field>
      <Space wrap align="start" size={16}>
        <Field label="考试科目" htmlFor={`ticket-subject-${stage}`} extra={`印在准考证、门贴和签到表上；不填则印“${EXAM_STAGES[stage]}”`}>
          <Input
            id={`ticket-subject-${stage}`}
            value={subject}
            maxLength={EXAM_SUBJECT_MAX}
            style={{ width: 280 }}
            placeholder="例如：综合基础知识"
            onChange={edits('subject')}
          />
        </Field>
        <Field label="考试结束时间" htmlFor={`ticket-end-${stage}`} extra={`开考时间 ${session.examTime}；填“时:分”，印为开考至结束`}>
          <Input
            id={`ticket-end-${stage}`}
            value={endTime}
            maxLength={5}
            style={{ width: 120 }}
            placeholder="11:30"
            onChange={edits('endTime')}
          />
        </Field>
      </Space>
      <Field label="考生须知" htmlFor={`ticket-notes-${stage}`} extra="印在准考证上">
        <TextArea
          id={`ticket-notes-${stage}`}
          value={notes}
          maxLength={TICKET_NOTES_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder="例如：考生须携带准考证和身份证，于开考前 30 分钟进入考场。"
          onChange={edits('notes')}
        />
      </Field>
      <DataTable<RoomDraft>
        label="考场列表"
        rowKey="key"
        size="small"
        dataSource={rooms}
        pagination={rooms.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 520 }}
        locale={{ emptyText: '还没有考场，请添加' }}
        columns={[
          { title: '序号', key: 'order', width: 60, render: (_, __, i) => i + 1 },
          {
            title: '考场名称',
            dataIndex: 'name',
            width: 190,
            render: (_, r) => (
              <Input
                aria-label="考场名称"
                value={r.name}
                maxLength={ROOM_NAME_MAX}
                status={r.name.trim() ? undefined : 'error'}
                onChange={(e) => patchRoom(r.key, { name: e.target.value })}
              />
            ),
          },
          {
            title: '座位数',
            dataIndex: 'seats',
            width: 110,
            render: (_, r) => (
              <InputNumber
                aria-label="座位数"
                value={r.seats}
                min={Math.max(1, issuedIn(r))}
                max={ROOM_SEATS_MAX}
                precision={0}
                status={r.seats ? undefined : 'error'}
                style={{ width: '100%' }}
                onChange={(value) => patchRoom(r.key, { seats: value })}
              />
            ),
          },
          { title: '已排座', key: 'seated', width: 76, render: (_, r) => (r.id === undefined ? '—' : (saved.get(r.id)?.seated ?? 0)) },
          { title: '已发放', key: 'issued', width: 76, render: (_, r) => (r.id === undefined ? '—' : issuedIn(r)) },
          {
            title: '操作',
            key: 'actions',
            width: 60,
            render: (_, r) => (
              <Tooltip title={issuedIn(r) > 0 ? '该考场已有发放的准考证，不能删除' : '删除考场'}>
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label={`删除考场：${r.name}`}
                  icon={<DeleteOutlined />}
                  disabled={issuedIn(r) > 0}
                  onClick={() => updateRooms(rooms.filter((x) => x.key !== r.key))}
                />
              </Tooltip>
            ),
          },
        ]}
      />
      <Space wrap size={8} style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
        <Space wrap>
          <Button icon={<PlusOutlined />} disabled={rooms.length >= ROOMS_MAX} onClick={() => updateRooms([...rooms, newRoom(rooms, rooms.at(-1)?.seats ?? DEFAULT_SEATS)])}>
            添加考场
          </Button>
          <Tooltip title="按最后一个考场的座位数添加考场，直到座位够用">
            <Button disabled={missing <= 0 || rooms.length >= ROOMS_MAX} onClick={fillRooms}>
              补足考场
            </Button>
          </Tooltip>
        </Space>
        <DraftSaveBar
          dirty={dirty}
          saving={save.isPending}
          onRevert={() => {
            setText(initialText());
            setRooms(initialRooms());
            setDirty(false);
          }}
          onSave={onSave}
        >
          保存考场设置
        </DraftSaveBar>
      </Space>
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} aria-live="polite">
        {rooms.length} 个考场，座位合计 <Typography.Text strong>{seats}</Typography.Text> 个；需安排座位{' '}
        <Typography.Text strong>{needed}</Typography.Text> 人（已发放 {session.issued} 人）。
        {needed > 0 &&
          (missing > 0 ? (
            <Typography.Text type="danger">还差 {missing} 个座位。</Typography.Text>
          ) : (
            <Typography.Text type="success">座位足够。</Typography.Text>
          ))}
      </Typography.Paragraph>
    </>
  );
}
