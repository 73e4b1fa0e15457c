import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../shared/sql.js';

/** The columns of an application every candidate list reads: the application, its post and the person. */
export interface ApplicantDbRow {
  id: number;
  recruitmentId: number;
  jobVacancy: string;
  realName: string;
  sex: string | null;
  identityNo: string;
  phone: string;
  status: number;
}

/** Digits with an optional final X: an identity number or phone prefix rather than a name. */
const NUMBER_KEYWORD = /^\d+[xX]?$/;

interface SearchColumns {
  /** The alias of candidate_application in the query; none for an unqualified query of the table alone. */
  alias?: string;
  /** Whether the phone is searched too (default true). */
  phone?: boolean;
  /**
   * A qualified column of a code the list shows, also searched when given, whatever the keyword: the admission
   * ticket's ('s.ticket_code'), the order's ('o.order_no').
   */
  code?: string;
  /**
   * Whether the keyword may be anywhere in a column rather than at its start (the fee list, which finds an order by
   * the last digits of its number). No index helps then: only for lists as small as one company's orders.
   */
  contains?: boolean;
}

/**
 * The applicant search of every candidate list: the keyword is a prefix of the name, the identity number or the
 * phone (and of the code where the list has one). Digits (with an optional final X) are never a name, and
 * letters never an identity number or phone, so each keyword asks only the columns it can match, each of which
 * has a text_pattern_ops index.
 */
export function applicantSearch(keyword: string, { alias, phone = true, code, contains = false }: SearchColumns = {}): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const pattern = (text: string) => `${contains ? '%' : ''}${escapeLike(text)}%`;
  const upper = pattern(keyword.toUpperCase());
  const parts: SQL[] = NUMBER_KEYWORD.test(keyword)
    ? [sql`${column('identity_no')} like ${upper}`, ...(phone ? [sql`${column('phone')} like ${upper}`] : [])]
    : [sql`${column('real_name')} like ${pattern(keyword)}`];
  if (code) parts.push(sql`${sql.raw(code)} like ${upper}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}
