import { InboxOutlined } from '@ant-design/icons';
import {
  EXAM_STAGES, type ExamStage, SCORE_IMPORT_ALIASES, SCORE_IMPORT_COLUMNS, SCORE_IMPORT_MAX_ROWS,
  type ScoreImportPreview, type ImportProblem, scoreImportTemplate,
} from '@zhaokao/contracts';
import { Alert, Button, Col, Modal, Progress, Result, Row, Space, Statistic, Steps, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { succeeded } from '../../../../lib/api-client';
import { feedback } from '../../../../lib/feedback';
import { refetchScoreReads, useCommitScoreImport } from '../../api/score-api';
import { JobProgress } from '../../../../components/JobProgress';
import { isUnfinished, useJob } from '../../../../lib/jobs';
import { downloadFile, fileUrl } from '../../../../lib/download';
import { uploadScoreSheet } from './files';

/** Rows saved per second, roughly, for the progress bar while the server saves (it answers once, at the end). */
const ROWS_PER_SECOND = 5000;

/** Grows toward 95 % over the time saving `rows` should take; the bar jumps to 100 % when the server answers. */
function useEstimatedProgress(running: boolean, rows: number) {
  const [started, setStarted] = useState<number>();
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setStarted((s) => s ?? time);
      setNow(time);
    }, 200);
    return () => {
      clearInterval(timer);
      setStarted(undefined);
    };
  }, [running]);
  if (!running || started === undefined) return 0;
  const expectedMs = 1000 + (rows / ROWS_PER_SECOND) * 1000;
  return Math.min(95, Math.round(((now - started) / expectedMs) * 95));
}

/**
 * 导入成绩 from an .xlsx: 1 download the template (the applications awaiting their score), 2 upload the filled file
 * (a progress bar while it is sent), 3 the preview — any problem row and nothing can be saved — 4 save: in one
 * transaction, or for a large file (over SCORE_IMPORT_INLINE_ROWS rows) by a 后台任务 whose progress shows here and in
 * the header's 任务 list, so that the dialog may be closed meanwhile.
 */
export function ScoreImportModal({
  stage,
  planId,
  examiners,
  onClose,
  onReview,
}: {
  stage: ExamStage;
  planId: number;
  /** How many examiners score the stage (a panel when more than one). */
  examiners: number;
  onClose(): void;
  /** Opens the review page (only for those who may review). */
  onReview?: () => void;
}) {
  const [preview, setPreview] = useState<ScoreImportPreview>();
  /** Why the last file was refused, shown in the dialog until another file is chosen. */
  const [refusal, setRefusal] = useState<string>();
  const [savedNow, setSaved] = useState<number>();
  /** The job saving a large file. */
  const [jobId, setJobId] = useState<string>();
  const { data: job } = useJob(jobId);
  const [downloading, setDownloading] = useState(false);
  const commit = useCommitScoreImport();
  const progress = useEstimatedProgress(commit.isPending, preview?.valid ?? 0);
  const stageName = EXAM_STAGES[stage];
  const jobRunning = jobId !== undefined && (!job || isUnfinished(job));
  const jobFailed = job?.status === 'failed';
  const canSave = preview !== undefined && preview.problemCount === 0 && preview.valid > 0 && jobId === undefined;
  /** How many were saved: by the call itself, or by its job once done. */
  const jobDone = job?.status === 'done';
  const saved = savedNow ?? (jobDone ? job.done : undefined);
  const current = saved !== undefined || jobId !== undefined ? 3 : preview ? 2 : 1;

  // The job saved the scores: the lists and counts that show them are read again.
  useEffect(() => {
    if (jobDone) void refetchScoreReads();
  }, [jobDone]);

  const downloadTemplate = async () => {
    setDownloading(true);
    await downloadFile(fileUrl(scoreImportTemplate, { planId, type: stage }), `${stageName}成绩导入模板.xlsx`);
    setDownloading(false);
  };

  const save = async () => {
    if (!preview) return;
    let answer: { saved: number; jobId: string | null } | undefined;
    const ok = await succeeded(commit.mutateAsync({ importId: preview.importId }).then((r) => (answer = r)));
    if (!ok || !answer) return;
    if (answer.jobId) return setJobId(answer.jobId);
    setSaved(answer.saved);
    feedback.success(`已保存 ${answer.saved} 条成绩`, 2);
  };

  const footer =
    saved !== undefined ? (
      <Button type="primary" onClick={onClose}>
        完成
      </Button>
    ) : (
      <Space>
        <Button onClick={onClose} disabled={commit.isPending}>
          {jobRunning ? '关闭' : '取消'}
        </Button>
        <Button type="primary" disabled={!canSave} loading={commit.isPending || jobRunning} onClick={save}>
          保存
        </Button>
      </Space>
    );

  return (
    <Modal open title={`导入${stageName}成绩`} width={860} onCancel={commit.isPending ? undefined : onClose} closable={!commit.isPending} maskClosable={false} footer={footer} destroyOnHidden>
      <Steps
        size="small"
        current={current}
        style={{ marginBottom: 20 }}
        items={[{ title: '下载模板' }, { title: '上传文件' }, { title: '检查预览' }, { title: '保存成绩' }]}
      />
      {saved !== undefined ? (
        <Result
          status="success"
          title={`已保存 ${saved} 条成绩`}
          subTitle="成绩已进入待审核状态，审核确认后才能发布"
          extra={onReview && <Button onClick={onReview}>去审核</Button>}
        />
      ) : (
        <>
          <Typography.Paragraph>
            <Typography.Text strong>1. </Typography.Text>
            下载模板：列出本计划所有待录入{stageName}成绩的考生（{Object.values(SCORE_IMPORT_COLUMNS).join('、')}）。
            {examiners > 1
              ? `本计划${stageName}由 ${examiners} 位考官评分，模板中每位考官一列（“${SCORE_IMPORT_COLUMNS.score}1（考官）”…），分别填写各考官的评分；缺考的考生每一列都填写“缺考”。`
              : `在“${SCORE_IMPORT_COLUMNS.score}”列填写分数，缺考填写“缺考”。也可上传本单位自己的表格：${acceptedColumns(examiners)}。`}
            <Button type="link" loading={downloading} onClick={downloadTemplate}>
              下载模板
            </Button>
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            <Typography.Text strong>2. </Typography.Text>
            上传填好的文件（.xlsx）。上传后先检查每一行，检查无误才能保存。
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            disabled={commit.isPending || jobRunning}
            beforeUpload={(file) => {
              setPreview(undefined);
              setJobId(undefined);
              if (!file.name.toLowerCase().endsWith('.xlsx')) {
                setRefusal('请上传 .xlsx 格式的 Excel 文件');
                return Upload.LIST_IGNORE;
              }
              setRefusal(undefined);
              return true;
            }}
            customRequest={({ file, onProgress, onSuccess, onError }) => {
              uploadScoreSheet(file as File, { planId, type: stage }, (percent) => onProgress?.({ percent })).then(
                (answer) => {
                  setPreview(answer);
                  onSuccess?.(answer);
                },
                (error: Error) => {
                  setRefusal(error.message);
                  onError?.(error);
                },
              );
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">点击或拖拽 Excel 文件到此处上传</p>
          </Upload.Dragger>
          {refusal && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginTop: 16 }}
              title="文件未能导入"
              description={
                <>
                  <div>{refusal}</div>
                  <div>
                    可识别的列名：{acceptedColumns(examiners)}
                    {examiners > 1 ? '；考官的评分列须与模板的列名一致' : ''}。每次最多 {SCORE_IMPORT_MAX_ROWS} 行，文件不超过 20 MB。
                  </div>
                </>
              }
            />
          )}
          {preview && <PreviewResult preview={preview} />}
          {job && (jobRunning || jobFailed) && (
            <section aria-label="保存进度" style={{ marginTop: 16 }}>
              <Typography.Text strong>4. 保存成绩</Typography.Text>
              <JobProgress job={job} label="保存进度" />
              {jobRunning && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  文件较大，成绩在后台保存：可以关闭此窗口继续其他工作，进度和结果在页面右上角的“任务”中查看。
                </Typography.Paragraph>
              )}
              {jobFailed && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  请按提示修改文件后重新上传。
                </Typography.Paragraph>
              )}
            </section>
          )}
          {commit.isPending && (
            <div style={{ marginTop: 16 }}>
              <Typography.Text>正在保存 {preview?.valid} 条成绩，请勿关闭…</Typography.Text>
              <Progress percent={progress} status="active" aria-label="保存进度" />
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

/** The header names the import reads, each with the other names it accepts (SCORE_IMPORT_ALIASES). */
function acceptedColumns(examiners: number) {
  const keys = (examiners > 1 ? ['ticketCode', 'realName'] : ['ticketCode', 'realName', 'score']) as (keyof typeof SCORE_IMPORT_COLUMNS)[];
  return keys.map((key) => `“${SCORE_IMPORT_COLUMNS[key]}”（或${SCORE_IMPORT_ALIASES[key].map((name) => `“${name}”`).join('')}）`).join('、');
}

/** Step 3: the counts, and every problem row; with any problem nothing can be saved. */
function PreviewResult({ preview }: { preview: ScoreImportPreview }) {
  const problems = preview.problemCount > 0;
  return (
    <section aria-label="检查结果" style={{ marginTop: 16 }}>
      <Typography.Text strong>3. 检查结果</Typography.Text>
      <Row gutter={16} style={{ margin: '8px 0 12px' }}>
        <Col xs={12} sm={6}>
          <Statistic title="数据行数" value={preview.rows} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="可保存" value={preview.valid} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="其中缺考" value={preview.absent} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="有问题" value={preview.problemCount} styles={{ content: problems ? { color: '#cf1322' } : undefined }} />
        </Col>
      </Row>
      {problems ? (
        <>
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={`有 ${preview.problemCount} 行存在问题，本次不能保存`}
            description={`请按下表修改文件后重新上传。${
              preview.problemCount > preview.problems.length ? `下表列出前 ${preview.problems.length} 条问题。` : ''
            }`}
          />
          <DataTable<ImportProblem>
            label="导入问题列表"
            size="small"
            rowKey={(p) => `${p.row}-${p.problem}`}
            scroll={{ x: 640 }}
            pagination={preview.problems.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            dataSource={preview.problems}
            columns={[
              { title: '行号', dataIndex: 'row', width: 70 },
              { title: SCORE_IMPORT_COLUMNS.ticketCode, dataIndex: 'ticketCode', width: 160, render: (v: string) => v || '—' },
              { title: SCORE_IMPORT_COLUMNS.realName, dataIndex: 'realName', width: 100, render: (v: string) => v || '—' },
              { title: SCORE_IMPORT_COLUMNS.score, dataIndex: 'score', width: 90, render: (v: string) => v || '—' },
              { title: '问题', dataIndex: 'problem', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
            ]}
          />
        </>
      ) : preview.valid === 0 ? (
        <Alert type="warning" showIcon title="文件中没有可保存的成绩" />
      ) : (
        <Alert type="success" showIcon title={`检查无误：可保存 ${preview.valid} 条成绩（其中缺考 ${preview.absent} 人），请点击“保存”`} />
      )}
    </section>
  );
}
