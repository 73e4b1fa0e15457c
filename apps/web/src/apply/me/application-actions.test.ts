import { type CandidateSitePost, type MyApplicationRow, RESUME_INCOMPLETE_PREFIX, candidateApplyPath, photoRuleMessage } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import {
  applicationInPlan, feeText, isResumeIncomplete, isReturned, maskIdentityNo, maskPhone, payTargetOf,
  resumeSummaryOf, bonusText, scoreText, switchTargetsOf, timeText,
} from './application-actions';

describe("the candidate's own pages", () => {
  it('mask the identity number and the phone', () => {
    expect(maskIdentityNo('430102199001011234')).toBe('4301**********1234');
    expect(maskIdentityNo(' 43010219900101123X ')).toBe('4301**********123X');
    expect(maskIdentityNo('1234')).toBe('****');
    expect(maskIdentityNo('')).toBe('');
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('')).toBe('');
  });

  it('summarise the resume for the apply page', () => {
    expect(
      resumeSummaryOf({
        realName: ' 张三 ',
        identityNo: '430102199001011234',
        phone: '13812345678',
        certificateImage: '/api/files/1/a.jpg,/api/files/1/b.jpg',
        workYears: 3,
      }),
    ).toEqual({ realName: '张三', identityNo: '4301**********1234', phone: '138****5678', photo: '/api/files/1/a.jpg' });
    expect(resumeSummaryOf({ realName: 7 })).toEqual({ realName: '', identityNo: '', phone: '', photo: '' });
  });

  it('find the application of a plan and the posts it may move to', () => {
    const rows = [{ id: 5, planId: 2 }, { id: 6, planId: 3 }] as MyApplicationRow[];
    expect(applicationInPlan(rows, 3)?.id).toBe(6);
    expect(applicationInPlan(rows, 4)).toBeUndefined();
    const posts = [
      { id: 1, cancelled: false },
      { id: 2, cancelled: true },
      { id: 3, cancelled: false },
    ] as CandidateSitePost[];
    expect(switchTargetsOf(posts, 1).map((p) => p.id)).toEqual([3]);
  });

  it('read refusals, statuses, fees and scores', () => {
    expect(isResumeIncomplete(`${RESUME_INCOMPLETE_PREFIX}请填写姓名`)).toBe(true);
    expect(isResumeIncomplete(photoRuleMessage({ width: 295, height: 413, minKb: 20, maxKb: 100 }))).toBe(true);
    expect(isResumeIncomplete('报名已结束')).toBe(false);
    expect([10, 11, 12, 13, 20].map(isReturned)).toEqual([false, false, true, true, false]);
    expect(feeText({ state: 'none', amountY: '0.00', deadline: null })).toBe('无需缴费');
    expect(feeText({ state: 'unpaid', amountY: '50.00', deadline: null })).toBe('待缴费（50.00 元）');
    expect(scoreText({ score: null, absent: true })).toBe('缺考');
    expect(scoreText({ score: '78.50', absent: false })).toBe('78.50');
    expect(scoreText({ score: null, absent: false })).toBe('—');
    expect(bonusText({ bonus: { paperScore: '80.00', points: '3.00', names: '退役士兵、少数民族' } })).toBe('卷面 80.00 分 + 加分 3.00 分（退役士兵、少数民族）');
    expect(bonusText({})).toBe('');
    expect(candidateApplyPath(1, 2, 3)).toBe('/apply/companies/1/plans/2/posts/3/apply');
  });

  it('write times in China time', () => {
    expect(timeText('2026-03-01 09:30')).toBe('2026-03-01 09:30');
    expect(timeText('2026-03-01T01:30:00.000Z')).toBe('2026-03-01 09:30');
    expect(timeText(null)).toBe('');
  });

  it('offer a payment as a QR code and, for a web address, a page to open', () => {
    const origin = 'https://zk.example.com';
    expect(payTargetOf('/api/pay/sandbox/checkout/abc', origin)).toEqual({
      image: '',
      qrText: 'https://zk.example.com/api/pay/sandbox/checkout/abc',
      link: 'https://zk.example.com/api/pay/sandbox/checkout/abc',
    });
    expect(payTargetOf('weixin://wxpay/bizpayurl?pr=abc', origin)).toEqual({ image: '', qrText: 'weixin://wxpay/bizpayurl?pr=abc', link: '' });
    expect(payTargetOf('https://qr.alipay.com/bax123', origin).link).toBe('https://qr.alipay.com/bax123');
    expect(payTargetOf('data:image/png;base64,AAAA', origin)).toEqual({ image: 'data:image/png;base64,AAAA', qrText: '', link: '' });
    expect(payTargetOf('', origin)).toEqual({ image: '', qrText: '', link: '' });
  });
});
