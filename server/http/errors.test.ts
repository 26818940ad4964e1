// The central error handler's answer to a database that cannot be reached, whether or not the
// store wrapped the error: 503 with a JSON message and Retry-After; other errors keep theirs.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler, HttpError, isUnreachable, STORE_UNAVAILABLE, StoreUnavailableError } from './errors';

const failingWith = (error: unknown) =>
  express()
    .get('/api/x', (_req, _res, next) => next(error))
    .use(errorHandler(false));

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

const UNREACHABLE: [string, unknown][] = [
  ['the store’s StoreUnavailableError', new StoreUnavailableError(coded('ECONNREFUSED'))],
  ['connection refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
  ['connection reset', coded('ECONNRESET', 'read ECONNRESET')],
  ['admin_shutdown (pg_ctl stop -m fast)', coded('57P01', 'terminating connection due to administrator command')],
  ['cannot_connect_now (starting up)', coded('57P03', 'the database system is starting up')],
  ['a connection exception (class 08)', coded('08006', 'connection failure')],
  ['too many connections', coded('53300', 'sorry, too many clients already')],
  ['a connection cut under a statement', new Error('Connection terminated unexpectedly')],
  ['a connection that failed before', new Error('Client has encountered a connection error and is not queryable')],
  ['every address refused', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], '')],
];

describe('errorHandler: the database cannot be reached', () => {
  it.each(UNREACHABLE)('%s: 503, JSON message, Retry-After', async (_case, error) => {
    expect(isUnreachable(error)).toBe(true);
    const res = await request(failingWith(error)).get('/api/x');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: STORE_UNAVAILABLE });
  });

  it.each([
    ['a refused statement (unique violation)', coded('23505', 'duplicate key'), 500, { message: 'Internal server error' }],
    ['a bug', new TypeError('x is undefined'), 500, { message: 'Internal server error' }],
    ['a refusal of the API', new HttpError(409, 'Out of stock'), 409, { message: 'Out of stock' }],
    ['nothing useful', undefined, 500, { message: 'Internal server error' }],
  ])('%s keeps its answer', async (_case, error, status, body) => {
    expect(isUnreachable(error)).toBe(false);
    const res = await request(failingWith(error ?? 'odd')).get('/api/x');
    expect(res.status).toBe(status);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.body).toEqual(body);
  });
});
