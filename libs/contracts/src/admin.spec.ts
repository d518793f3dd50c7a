import { adminReasonSchema, adminUsersQuerySchema, auditQuerySchema, setAdminSchema } from './index';

const ID = '7f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('account administration contracts', () => {
  it('lists every account, newest first, twenty at a time unless asked otherwise', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ status: 'all', limit: 20 });
    expect(adminUsersQuerySchema.parse({ q: '  ', status: 'banned', limit: '5', before: ID })).toEqual({
      status: 'banned',
      limit: 5,
      before: ID,
    });
    expect(adminUsersQuerySchema.parse({ q: ' Camille ' }).q).toBe('Camille');
    expect(problem(adminUsersQuerySchema.safeParse({ status: 'gone' }))).toBe(
      'Status must be all, admin, banned, suspended or deleted',
    );
  });

  it('takes a trimmed reason for every action, and nothing else', () => {
    expect(adminReasonSchema.parse({ reason: '  Spam ring ' })).toEqual({ reason: 'Spam ring' });
    expect(problem(adminReasonSchema.safeParse({ reason: ' ' }))).toBe('Please give a reason');
    expect(problem(adminReasonSchema.safeParse({}))).toBe('Please give a reason');
    expect(problem(adminReasonSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe(
      'Must be at most 500 characters',
    );
    expect(adminReasonSchema.safeParse({ reason: 'Spam', extra: 1 }).success).toBe(false);
  });

  it('grants or revokes admin rights with a boolean and a reason', () => {
    expect(setAdminSchema.parse({ isAdmin: false, reason: 'Stepped down' })).toEqual({
      isAdmin: false,
      reason: 'Stepped down',
    });
    expect(problem(setAdminSchema.safeParse({ isAdmin: 'false', reason: 'x' }))).toBe(
      'isAdmin must be true or false',
    );
    expect(setAdminSchema.safeParse({ isAdmin: true }).success).toBe(false);
  });

  it('pages the audit, of one account if asked', () => {
    expect(auditQuerySchema.parse({ userId: ID })).toEqual({ limit: 30, userId: ID });
    expect(problem(auditQuerySchema.safeParse({ userId: 'me' }))).toBe('Invalid id');
  });
});
