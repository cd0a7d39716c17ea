import { describe, expect, it } from 'vitest';
import { NOTICE_MESSAGES, noticeText } from '../../src/common/notices-catalogue.js';
import { NOTICE_LEVELS_ZH, NOTICE_MESSAGES_ZH } from '../../src/common/notices-catalogue.zh.js';

const placeholders = (template: string) => [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('what events tell people', () => {
  it('each message says the same params in Chinese as in English, in Chinese words', () => {
    for (const [code, en] of Object.entries(NOTICE_MESSAGES)) {
      const zh = NOTICE_MESSAGES_ZH[code as keyof typeof NOTICE_MESSAGES];
      expect(placeholders(zh.title), code).toEqual(placeholders(en.title));
      expect(placeholders(zh.body), code).toEqual(placeholders(en.body));
      expect(zh.body, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('a code and its params make the title and body in the reader’s language; an unknown code makes none', () => {
    const params = { amount: '2034.87', currency: 'USD', txHash: '0xabc' };
    expect(noticeText('payout_sent_tx', params)).toEqual({
      title: 'Your payout was sent',
      body: 'Your payout of 2034.87 USD was completed (transaction 0xabc).',
    });
    expect(noticeText('payout_sent_tx', params, NOTICE_MESSAGES_ZH)).toEqual({
      title: '您的提现已发出',
      body: '您的 2034.87 USD 提现已完成（交易 0xabc）。',
    });
    expect(
      noticeText('level_changed', { level: 'GOLD', from: 'SILVER' }, NOTICE_MESSAGES_ZH, NOTICE_LEVELS_ZH)?.body,
    ).toBe('会员等级的要求已调整：根据您的积分和订单，您的等级已由白银变为黄金。');
    expect(noticeText('no_such_code', {})).toBeNull();
    expect(noticeText(null, null)).toBeNull();
    expect(noticeText('toString', {})).toBeNull();
  });
});
