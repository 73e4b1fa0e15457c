import { DrizzleQueryError, and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysRole } from '../db/tables.js';
import { expectError, useTestApp } from '../test/app.js';
import { identityNo, insertPlan, resume } from '../test/recruitment.js';
import { serializeError } from './log-redaction.js';

let lines: string[] = [];
const t = useTestApp({ recruitment: true, logStream: { write: (line) => void lines.push(line) } });
let reviewRole: number;

/** A name the database is made to refuse, so that an insert fails the way an unforeseen error would. */
const REFUSED_NAME = '拒绝写入';

beforeAll(async () => {
  const [role] = await t.db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.companyId, t.company1), eq(sysRole.name, '审核员')));
  reviewRole = role!.id;
  await t.db.execute(sql.raw(`ALTER TABLE staff_user ADD CONSTRAINT test_refused_name CHECK (name <> '${REFUSED_NAME}')`));
  await t.db.execute(sql.raw(`ALTER TABLE talent ADD CONSTRAINT test_refused_name CHECK (real_name <> '${REFUSED_NAME}')`));
});
beforeEach(() => {
  lines = [];
});

const errorLog = () => lines.filter((line) => JSON.parse(line).level >= 50).join('\n');

describe('database errors in the log', () => {
  it("keep a new staff member's password hash, phone and e-mail out of the log", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/userInfo/save',
      headers: { 'x-token': t.admin },
      payload: {
        name: REFUSED_NAME,
        loginAccount: 'secret_account',
        password: 'Passw0rd-Secret-2026',
        phone: '13911112222',
        email: 'secret.mail@example.cn',
        roleId: reviewRole,
      },
    });
    expectError(res, 500, '服务器开小差了，请稍后再试');

    const log = errorLog();
    expect(log).not.toBe('');
    for (const secret of ['$argon2', 'Passw0rd-Secret-2026', '13911112222', 'secret.mail@example.cn', 'secret_account']) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).not.toContain('Failing row contains');
    // What failed is still there.
    const { err } = JSON.parse(log.split('\n')[0]!);
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toMatch(/^Failed query: insert into "staff_user"/);
    expect(err.cause).toMatchObject({ code: '23514', constraint: 'test_refused_name', table: 'staff_user' });
    expect(err.stack).toContain('Failed query: insert into "staff_user"');
  });

  it("keep an applicant's identity number and phone out of the log", async () => {
    const open = await insertPlan(t.db, t.company1, { name: '日志测试计划' });
    const number = identityNo('1994-06-18', 357);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/recruitment/apply',
      payload: {
        recruitmentId: open.posts[0]!.id,
        talentInfo: resume({ realName: REFUSED_NAME, identityNo: number, phone: '13733334444' }),
      },
    });
    expect(res.statusCode).toBe(500);

    const log = errorLog();
    expect(log).not.toBe('');
    for (const secret of [number, '13733334444', 'zhouxm@example.cn', '北京市朝阳区建国路']) {
      expect(log, secret).not.toContain(secret);
    }
    expect(JSON.parse(log.split('\n')[0]!).err.cause).toMatchObject({ code: '23514', constraint: 'test_refused_name' });
  });
});

describe('serializeError', () => {
  it("drops Drizzle's params, also from the message and the stack", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "staff_user_login_account"'), {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (login_account)=(secret_account) already exists.',
      constraint: 'staff_user_login_account',
      table: 'staff_user',
    });
    const error = new DrizzleQueryError('insert into "staff_user" values ($1, $2)', ['secret_account', '$argon2id$v=19$x'], cause);
    const out = serializeError(error);
    const text = JSON.stringify(out);
    expect(text).not.toContain('secret_account');
    expect(text).not.toContain('$argon2id');
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "staff_user" values ($1, $2)',
      query: 'insert into "staff_user" values ($1, $2)',
      cause: { code: '23505', constraint: 'staff_user_login_account', table: 'staff_user' },
    });
    expect(out.stack).toMatch(/^Error: Failed query: insert into "staff_user" values \(\$1, \$2\)\n\s+at /);
  });

  it('hides the value a PostgreSQL data exception quotes', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "430104199001011234"'), {
      severity: 'ERROR',
      code: '22P02',
    });
    const out = serializeError(error);
    expect(out.message).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(JSON.stringify(out)).not.toContain('430104199001011234');
  });

  it('describes what is not an error', () => {
    expect(serializeError('text')).toEqual({ type: 'string', message: 'text', stack: '' });
  });
});
