import { describe, expect, it } from 'vitest';
import { deliveryFailure } from '../../server/modules/notifications/mailer.js';
import { emailText, openChannels } from '../../server/modules/notifications/notify.js';
import { channelRefusal } from '../../server/modules/notifications/policy.js';
import { bulkBody, sendBody } from '../../src/common/notifications.schemas.js';
import { setPublicOrigin } from '../../server/lib/site.js';
import { english } from './said.js';

describe('notification rules', () => {
  const on = { notifications: true, emailNotifications: true };
  it('settings close channels', () => {
    expect(channelRefusal(['in_app', 'email'], on)).toBeNull();
    expect(english(channelRefusal(['email'], { ...on, emailNotifications: false }))).toMatch(
      /^Email notifications are turned off/,
    );
    expect(channelRefusal(['in_app'], { ...on, emailNotifications: false })).toBeNull();
    expect(english(channelRefusal(['in_app'], { ...on, notifications: false }))).toMatch(
      /^In-app notifications are turned off/,
    );
    expect(english(channelRefusal(['in_app', 'email'], { notifications: false, emailNotifications: false }))).toMatch(
      /^In-app and email/,
    );
    expect(openChannels(['in_app', 'email'], { notifications: false, emailNotifications: true })).toEqual(['email']);
  });

  it('an email carries the link, absolute through the Site URL, else where the server is reached', () => {
    expect(emailText('Hi', null, '')).toBe('Hi');
    expect(emailText('Hi', '/shop/account', 'https://shop.example.com/base')).toBe(
      'Hi\n\nhttps://shop.example.com/shop/account',
    );
    expect(emailText('Hi', 'https://explorer.example/tx/1', 'https://shop.example.com')).toBe(
      'Hi\n\nhttps://explorer.example/tx/1',
    );
    setPublicOrigin(undefined, '0.0.0.0', 4100);
    expect(emailText('Hi', '/shop/account', '')).toBe('Hi\n\nhttp://localhost:4100/shop/account');
    setPublicOrigin('https://rwa.example.com/', '127.0.0.1', 4100);
    expect(emailText('Hi', '/referral-dashboard', '')).toBe('Hi\n\nhttps://rwa.example.com/referral-dashboard');
    setPublicOrigin(undefined, '127.0.0.1', 3000);
  });

  it('an SMTP 5xx is final, a 4xx or a dropped connection is tried again', () => {
    expect(deliveryFailure({ responseCode: 550, response: '550 No such mailbox' })).toEqual({
      message: '550 No such mailbox',
      permanent: true,
    });
    expect(deliveryFailure({ responseCode: 451, response: '451 Busy' }).permanent).toBe(false);
    expect(deliveryFailure(new Error('connect ECONNREFUSED')).permanent).toBe(false);
  });

  it('requests: channels default to in-app, once each; a recipient is needed', () => {
    expect(sendBody.parse({ userId: '00000000-0000-4000-8000-000000000000', title: ' T ', body: 'B' })).toMatchObject({
      title: 'T',
      channels: ['in_app'],
      link: null,
    });
    expect(sendBody.safeParse({ email: 'a@b.co', title: 'T', body: 'B', channels: ['email', 'email'] }).success).toBe(
      false,
    );
    expect(sendBody.safeParse({ title: 'T', body: 'B' }).success).toBe(false);
    expect(bulkBody.safeParse({ audience: 'everyone', title: 'T', body: 'B' }).success).toBe(false);
    expect(bulkBody.safeParse({ audience: 'operator', title: 'T', body: 'B', link: '//evil.example' }).success).toBe(
      false,
    );
  });
});
