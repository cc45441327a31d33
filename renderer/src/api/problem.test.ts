import { describe, expect, it } from 'vitest';
import {
  ApiProblem,
  describeError,
  errorsToShow,
  formErrors,
  problemFromResponse,
  unreachableProblem,
} from './problem';

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
    expect(describeError(problem)).toBe('The station is not answering. Check that it is running, then try again.');
  });
});

describe('describeError: an operator’s words, and what to do next', () => {
  const problem = (status: number, body: Record<string, unknown>) =>
    problemFromResponse(status, { type: `/problems/x`, title: 'T', status, instance: '/shipments', ...body });

  it('names fields as the desk does, never by their path in the request', () => {
    const text = describeError(
      problem(400, {
        detail: '2 fields are not valid: deliveryAddress.postZipCode, shipmentPieces[1].weight',
        'deliveryAddress.postZipCode': 'SW1A 9ZZZ is not a valid GB post code',
        'shipmentPieces[1].weight': 'must be greater than 0',
      }),
    );
    expect(text).toBe(
      'Please correct: Delivery address › Post code: SW1A 9ZZZ is not a valid GB post code. Piece 2 weight: must be greater than 0.',
    );
    expect(text).not.toMatch(/[a-z]\.[a-z]|\[\d\]/);
  });

  it('says what to do after a sign-in ends, a refusal by role, an overload, a failure inside', () => {
    expect(
      describeError(problem(401, { detail: 'The access token is not valid or has expired; sign in again.' })),
    ).toBe('Your sign-in has ended. Sign in again to carry on.');
    expect(describeError(problem(403, { detail: 'Administrators only' }))).toMatch(/Ask an administrator/);
    expect(describeError(problem(503, { detail: 'SQLITE_BUSY' }))).not.toMatch(/SQLITE/);
    const internal = describeError(
      problem(500, { detail: 'Something went wrong inside the station; quote trace id req-7.', traceId: 'req-7' }),
    );
    expect(internal).toBe(
      'Something went wrong inside the station; nothing was saved. Try again. If it happens again, tell your administrator the code req-7.',
    );
  });

  it('keeps the station’s own sentence where it is one, starting it as a sentence', () => {
    expect(
      describeError(
        problem(409, {
          detail: 'Shipment SS00000001 is Delivered to Receiver; only a shipment that is Not Printed can be cancelled.',
        }),
      ),
    ).toBe('Shipment SS00000001 is Delivered to Receiver; only a shipment that is Not Printed can be cancelled.');
    expect(describeError(problem(404, { detail: 'Shipment SS00000009 was not found' }))).toMatch(
      /^Shipment SS00000009 was not found\. .*try again\.$/,
    );
  });

  it('never shows the text of an error thrown inside the window', () => {
    expect(describeError(new TypeError("Cannot read properties of undefined (reading 'x')"))).not.toMatch(
      /undefined|reading/,
    );
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
      notice: 'Please correct: Request › status: is not allowed.',
    });
  });

  it('gives no notice when every member has its field', () => {
    expect(formErrors(problem, ['password', 'body.status']).notice).toBeNull();
  });

  it('turns any other failure into a notice', () => {
    expect(formErrors(new Error('offline'), ['password'])).toEqual({
      byField: {},
      notice: 'Something went wrong on this screen. Reload the window (Ctrl+R) and try again.',
    });
    const conflict = problemFromResponse(409, {
      type: '/problems/conflict',
      title: 'Conflict',
      status: 409,
      detail: 'The name maria is taken.',
      instance: '/users',
    });
    expect(formErrors(conflict, ['username'])).toEqual({ byField: {}, notice: 'The name maria is taken.' });
  });
});

describe('errorsToShow', () => {
  it('shows nothing before a failure', () => {
    expect(errorsToShow(null, ['port'])).toEqual({ byField: {}, notice: null });
  });

  it('puts a 400 beside its fields', () => {
    const refused = problemFromResponse(400, {
      type: '/problems/validation',
      title: 'The request is not valid',
      status: 400,
      instance: '/scale',
      port: 'is not a serial port',
    });
    expect(errorsToShow(refused, ['port'])).toEqual({ byField: { port: 'is not a serial port' }, notice: null });
  });

  it('says any other failure once, in the notice, even when it names a field', () => {
    const unavailable = problemFromResponse(503, {
      type: '/problems/scale-unavailable',
      title: 'The scale is not answering',
      status: 503,
      detail: 'The scale on COM3 is not answering: check its cable.',
      instance: '/scale/reading',
      port: 'COM3',
    });
    expect(errorsToShow(unavailable, ['port'])).toEqual({
      byField: {},
      notice: 'The scale on COM3 is not answering: check its cable.',
    });
  });
});
