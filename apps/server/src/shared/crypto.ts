import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** `Algorithm.Argon2id` is 2; the const enum itself cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);
