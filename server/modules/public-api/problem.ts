import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { AppError, type AppErrorCode, HTTP_STATUS } from '@server/platform/errors/app-error';

/** One field's refusal: `pointer` (RFC 6901, into the JSON body) or `parameter` (query or path). */
export interface FieldError {
  detail: string;
  pointer?: string;
  parameter?: string;
}

/**
 * An RFC 9457 problem, the one shape of every public API error. `type` is `about:blank` (the status says what
 * kind), `code` a stable word a program can switch on, `detail` the sentence a person reads; never a stack.
 */
export interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[];
  /** Extension members (e.g. `message_id` of a text the compliance gate held back). */
  extra?: Record<string, unknown>;
}

/** Stable codes for the AppError codes: the HTTP status comes from HTTP_STATUS, the one map of the app. */
const CODE_WORDS: Record<AppErrorCode, string> = {
  INVALID: 'invalid_request',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  PRECONDITION_FAILED: 'precondition_failed',
  RATE_LIMITED: 'rate_limited',
};

/** A service's refusal as a problem: its status from HTTP_STATUS, its sentence, the field it names. */
export function problemFromAppError(error: AppError, where: 'body' | 'query' = 'body'): Problem {
  const field = error.field ? [where === 'body' ? { pointer: `#/${error.field}`, detail: error.message } : { parameter: error.field, detail: error.message }] : undefined;
  return { status: HTTP_STATUS[error.code], code: CODE_WORDS[error.code], detail: error.message, ...(field ? { errors: field } : {}) };
}

/** A request that does not fit its schema: every issue named by where it is, in one 400. */
export function validationProblem(issues: readonly z.core.$ZodIssue[], where: 'body' | 'query' | 'path'): Problem {
  const errors = issues.map((issue): FieldError => {
    const path = issue.path.map(String);
    return where === 'body' ? { pointer: `#/${path.join('/')}`, detail: issue.message } : { parameter: path[0] ?? '(query)', detail: issue.message };
  });
  const named = errors.map((e) => `${e.pointer ? e.pointer.replace(/^#\//, '') || 'body' : e.parameter}: ${e.detail}`).join('; ');
  return { status: HTTP_STATUS.INVALID, code: 'validation_failed', detail: `The request is not valid: ${named}`, errors };
}

export function problemBody(problem: Problem) {
  return {
    type: 'about:blank',
    title: STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...problem.extra,
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply.code(problem.status).type('application/problem+json').header('cache-control', 'no-store').send(problemBody(problem));
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
