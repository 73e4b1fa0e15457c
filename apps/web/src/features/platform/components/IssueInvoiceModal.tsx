import { UploadOutlined } from '@ant-design/icons';
import { type PlatformInvoiceRow, platformIssueInvoice } from '@zhaokao/contracts';
import { App, AutoComplete, Button, Descriptions, Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { maxLengthOf, inputField, rulesOf } from '../../../lib/form-rules';
import { INVOICE_PDF_MAX_BYTES, uploadInvoicePdf, useIssueInvoice } from '../api/platform-api';
import { INVOICE_KINDS } from './invoice-labels';

interface Values {
  pdfUrl?: string;
  courierCompany?: string;
  trackingNo?: string;
}

const COURIERS = ['顺丰速运', '中国邮政 EMS', '京东物流', '中通快递', '圆通速递', '韵达快递', '申通快递'];

/** One PDF: uploaded at once, its stored key becomes the field's value. */
function PdfUploadField({ value, onChange, id }: { value?: string; onChange?(value: string | undefined): void; id?: string }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <Upload
      accept=".pdf,application/pdf"
      maxCount={1}
      fileList={files}
      beforeUpload={(file) => {
        if (!file.name.toLowerCase().endsWith('.pdf')) {
          void message.error('只能上传 PDF 格式的电子发票');
          return Upload.LIST_IGNORE;
        }
        if (file.size > INVOICE_PDF_MAX_BYTES) {
          void message.error('电子发票文件不能大于 5 MB');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        const original = file as File;
        try {
          onSuccess?.(await uploadInvoicePdf(original, original.name));
        } catch (error) {
          onError?.(error as Error);
        }
      }}
      onChange={({ file, fileList }) => {
        setFiles(fileList.filter((f) => f.status !== 'error'));
        if (file.status === 'done') onChange?.((file.response as { url: string }).url);
        if (file.status === 'removed' || file.status === 'error') onChange?.(undefined);
      }}
    >
      <Button id={id} icon={<UploadOutlined />}>
        {value ? '重新选择 PDF' : '选择 PDF 文件'}
      </Button>
    </Upload>
  );
}

/** Issues a submitted request: an e-invoice's PDF, or a paper one's courier and tracking number. */
export function IssueInvoiceModal({ invoice, onClose, onIssued }: { invoice: PlatformInvoiceRow; onClose(): void; onIssued(): void }) {
  const issue = useIssueInvoice();
  const paper = invoice.kind === 'paper';
  return (
    <FormModal<Values>
      name="platform-issue-invoice"
      title={`开具${INVOICE_KINDS[invoice.kind] ?? '发票'}`}
      okText="确认开具"
      savedMessage="发票已开具"
      onCancel={onClose}
      onSubmit={(values) =>
        issue.mutateAsync({
          id: invoice.id,
          pdfUrl: values.pdfUrl ?? '',
          courierCompany: values.courierCompany?.trim() ?? '',
          trackingNo: values.trackingNo?.trim() ?? '',
        })
      }
      onSaved={onIssued}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="申请单位">{invoice.companyName}</Descriptions.Item>
        <Descriptions.Item label="发票抬头">{invoice.title}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{invoice.taxNo}</Descriptions.Item>
        <Descriptions.Item label="开票金额（元）">{invoice.amountY}</Descriptions.Item>
        {paper ? (
          <Descriptions.Item label="收件信息">{`${invoice.receiverName} ${invoice.receiverPhone} ${invoice.province}${invoice.receiverAddress}`}</Descriptions.Item>
        ) : (
          <Descriptions.Item label="接收邮箱">{invoice.email || '—'}</Descriptions.Item>
        )}
      </Descriptions>
      {paper ? (
        <>
          <Form.Item
            label="快递公司"
            name="courierCompany"
            rules={[{ required: true, whitespace: true, message: '请填写快递公司' }, ...rulesOf(platformIssueInvoice, 'courierCompany')]}
          >
            <AutoComplete
              options={COURIERS.map((value) => ({ value }))}
              maxLength={maxLengthOf(inputField(platformIssueInvoice, 'courierCompany'))}
              filterOption={(typed, option) => String(option?.value ?? '').includes(typed)}
            />
          </Form.Item>
          <Form.Item
            label="快递单号"
            name="trackingNo"
            rules={[{ required: true, whitespace: true, message: '请填写快递单号' }, ...rulesOf(platformIssueInvoice, 'trackingNo')]}
          >
            <Input maxLength={maxLengthOf(inputField(platformIssueInvoice, 'trackingNo'))} autoComplete="off" />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          label="电子发票 PDF"
          name="pdfUrl"
          extra="PDF 格式，不超过 5 MB；开具后单位可在发票详情中下载"
          rules={[{ required: true, message: '请先上传电子发票 PDF' }]}
        >
          <PdfUploadField />
        </Form.Item>
      )}
    </FormModal>
  );
}
