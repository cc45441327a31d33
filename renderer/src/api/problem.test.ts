import { describe, expect, it } from 'vitest';
import { ApiProblem, describeError, formErrors, problemFromResponse, unreachableProblem } from './problem';

describe('ApiProblem', () => {
  it('keeps the field members apart from the standard ones', () => {
    const problem = problemFromResponse(400, {
      type: '/problems/validation',
      title: 'The request is not valid',
      status: 400,
      detail: '2 fields are not valid',
      instance: '/shipments',
      traceId: 'abc',
      'deliveryAddress.postZipCode': 'SW1A 9ZZZ is not a valid GB post code',
      'shipmentPieces[1].weight': 'must be greater than 0',
    });
    expect(problem).toBeInstanceOf(ApiProblem);
    expect(problem).toBeInstanceOf(Error);
    expect(problem.status).toBe(400);
    expect(problem.title).toBe('The request is not valid');
    expect(problem.detail).toBe('2 fields are not valid');
    expect(problem.traceId).toBe('abc');
    expect(problem.fields).toEqual({
      'deliveryAddress.postZipCode': 'SW1A 9ZZZ is not a valid GB post code',
      'shipmentPieces[1].weight': 'must be greater than 0',
    });
    expect(problem.message).toBe('2 fields are not valid');
  });

  it('takes the status from the response, and survives a body that is not problem details', () => {
    const problem = problemFromResponse(502, '<html>Bad gateway</html>', '/shipments');
    expect(problem.status).toBe(502);
    expect(problem.title).toBe('The station answered 502');
    expect(problem.instance).toBe('/shipments');
    expect(problem.fields).toEqual({});
  });

  it('ignores members that are not strings', () => {
    const problem = problemFromResponse(409, { title: 'Conflict', detail: 'No', statusCode: 409, nested: { a: 1 } });
    expect(problem.fields).toEqual({});
    expect(problem.detail).toBe('No');
  });

  it('describes a station that cannot be reached', () => {
    const problem = unreachableProblem(new TypeError('Failed to fetch'));
    expect(problem.status).toBe(0);
    expect(describeError(problem)).toContain('Failed to fetch');
  });
});

describe('formErrors', () => {
  const problem = problemFromResponse(400, {
    type: '/problems/validation',
    title: 'The request is not valid',
    status: 400,
    detail: '2 fields are not valid',
    instance: '/users',
    password: 'must be at least 10 characters',
    'body.status': 'is not allowed',
  });

  it('puts field members beside the fields on screen and the rest in the notice', () => {
    expect(formErrors(problem, ['username', 'password', 'role'])).toEqual({
      byField: { password: 'must be at least 10 characters' },
      notice: '2 fields are not valid Request › status: is not allowed',
    });
  });

  it('gives no notice when every member has its field', () => {
    expect(formErrors(problem, ['password', 'body.status']).notice).toBeNull();
  });

  it('turns any other failure into a notice', () => {
    expect(formErrors(new Error('offline'), ['password'])).toEqual({ byField: {}, notice: 'offline' });
    const conflict = problemFromResponse(409, { type: '/problems/conflict', title: 'Conflict', status: 409, detail: 'The name maria is taken.', instance: '/users' });
    expect(formErrors(conflict, ['username'])).toEqual({ byField: {}, notice: 'The name maria is taken.' });
  });
});
