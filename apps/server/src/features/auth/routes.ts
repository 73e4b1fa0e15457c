import {
  RESET_CODE_SENT_MESSAGE, SESSION_END_CODES, companyLogin, getCompanyUserInfo, logout, resetPassword,
  sendResetCode, updateMyInfo, updatePassword,
} from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../shared/audit.js';
import { AppError } from '../../shared/errors.js';
import { defineRoute, requestToken } from '../../shared/route.js';
import { clearSessionCookie, setSessionCookie } from '../../shared/session-cookie.js';
import { changePassword, login, logoutSession, saveMyInfo, userInfo } from './service.js';
import { requestResetCode, resetWithCode } from './password-reset.js';

export function authRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.deps;
  defineRoute(app, companyLogin, async ({ input, request, reply }) => {
    const user = await login(db, input, request.ip, config.sessionTtlHours, (tx, staff) =>
      recordAudit(tx, { actor: { kind: 'staff', userId: staff.id, companyId: staff.companyId }, kind: 'signIn', ep: companyLogin, input, request }),
    );
    setSessionCookie(reply, user.token, config.sessionTtlHours);
    return user;
  }, {
    rateLimit: 'signIn',
  });
  defineRoute(app, getCompanyUserInfo, ({ input, session }) => userInfo(db, session, input.roleId));
  defineRoute(
    app,
    logout,
    async ({ request, reply }) => {
      const session = await app.deps.sessions.fromToken(requestToken(request)).catch((error: unknown) => {
        if (error instanceof AppError && SESSION_END_CODES.includes(error.code)) return undefined;
        throw error;
      });
      if (session) {
        await db.transaction(async (tx) => {
          if (!(await logoutSession(tx, session))) return;
          await recordAudit(tx, { actor: { kind: 'staff', userId: session.userId, companyId: session.companyId }, kind: 'signOut', ep: logout, input: {}, request });
        });
      }
      clearSessionCookie(reply);
      return null;
    },
    { changesSessions: true },
  );
  defineRoute(app, updateMyInfo, async ({ input, session }) => {
    await saveMyInfo(db, session, input);
    return null;
  }, { successMsg: '保存成功' });
  defineRoute(app, updatePassword, async ({ input, session }) => {
    await changePassword(db, session, input.oldPassword, input.newPassword);
    return null;
  }, { successMsg: '密码已修改', changesSessions: true });
  defineRoute(app, sendResetCode, async ({ input }) => {
    await requestResetCode(db, mailer, input.loginAccount, app.log);
    return null;
  }, { successMsg: RESET_CODE_SENT_MESSAGE, rateLimit: 'signIn' });
  defineRoute(app, resetPassword, async ({ input }) => {
    await resetWithCode(db, input);
    return null;
  }, { successMsg: '密码已重置，请使用新密码登录', changesSessions: true, rateLimit: 'signIn' });
}
