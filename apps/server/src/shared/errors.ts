import { ResultCode } from '@zhaokao/contracts';

/** An error whose Chinese message is meant for the user. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.BAD_REQUEST, msg, 400);
export const forbidden = (msg = '您没有执行该操作的权限') => new AppError(ResultCode.FORBIDDEN, msg, 403);
export const notFound = (msg = '记录不存在') => new AppError(ResultCode.NOT_FOUND, msg, 404);
export const conflict = (msg: string) => new AppError(ResultCode.CONFLICT, msg, 409);
export const tooMany = (msg: string) => new AppError(ResultCode.TOO_MANY, msg, 429);
export const tokenError = (code: number, msg: string) => new AppError(code, msg, 401);
