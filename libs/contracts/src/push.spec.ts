import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingTypeOf,
  pushSubscriptionSchema,
  updateNotificationSettingsSchema,
} from './index';

const ID = '7f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

describe('notification settings', () => {
  it('map every stored notification to the setting it falls under', () => {
    expect(notificationSettingTypeOf({ type: 'like', postId: ID })).toBe('like');
    expect(notificationSettingTypeOf({ type: 'other', postId: ID })).toBe('dislike');
    expect(notificationSettingTypeOf({ type: 'comment', postId: ID })).toBe('comment');
    expect(notificationSettingTypeOf({ type: 'follow', requestId: ID })).toBe('connection-request');
    expect(notificationSettingTypeOf({ type: 'follow', requestId: null })).toBe('accepted');
    expect(notificationSettingTypeOf({ type: 'message' })).toBe('message');
    // An export that is ready has its own mail, and stays in the app.
    expect(notificationSettingTypeOf({ type: 'other', postId: null })).toBeNull();
    expect(notificationSettingTypeOf({ type: 'achievement' })).toBeNull();
  });

  it('push what someone waits on by default, and mail nothing', () => {
    const pushed = Object.entries(DEFAULT_NOTIFICATION_SETTINGS)
      .filter(([, channels]) => channels.push)
      .map(([type]) => type);
    expect(pushed).toEqual(['comment', 'mention', 'connection-request', 'accepted', 'message']);
    expect(Object.values(DEFAULT_NOTIFICATION_SETTINGS).every((channels) => !channels.email)).toBe(true);
  });

  it('take partial changes and refuse unknown types and channels', () => {
    expect(updateNotificationSettingsSchema.parse({ like: { push: true } })).toEqual({
      like: { push: true },
    });
    expect(updateNotificationSettingsSchema.safeParse({ follow: {} }).error?.issues[0].message).toBe(
      'Unknown notification type: follow',
    );
    expect(updateNotificationSettingsSchema.safeParse({ like: { sms: true } }).error?.issues[0].message).toBe(
      'Unknown channel: sms (push or email)',
    );
  });
});

describe('push subscriptions', () => {
  const keys = {
    p256dh: Buffer.alloc(65, 4).toString('base64url'),
    auth: Buffer.alloc(16, 1).toString('base64url'),
  };

  it('take what PushSubscription.toJSON() gives', () => {
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/a:b', expirationTime: null, keys };
    expect(pushSubscriptionSchema.parse(subscription)).toEqual(subscription);
  });

  it('refuse keys of the wrong size and endpoints that are not https', () => {
    const endpoint = 'https://push.example.org/x';
    const short = { ...keys, auth: Buffer.alloc(8).toString('base64url') };
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: short }).error?.issues[0].message).toBe(
      'keys.auth is not a valid key',
    );
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: 'http://push.example.org/x', keys }).error?.issues[0]
        .message,
    ).toBe('The push endpoint must be an https: URL');
  });
});
