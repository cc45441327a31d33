/** /package-presets (docs/contract.md §14) over real HTTP, on each store. */
import { describe, expect, it } from 'vitest';
import { stationForFile } from '../helpers/station';

const { call } = await stationForFile();

describe('package presets', () => {
  it('are added, listed by name, changed and deleted', async () => {
    const small = await call('POST', '/package-presets', { name: 'Small box', length: 30, width: 20, height: 10 });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()).toMatchObject({
      name: 'Small box',
      length: 30,
      width: 20,
      height: 10,
      dimensionUnit: 'CM',
      weight: null,
      weightUnit: 'KG',
      description: '',
    });
    const tube = (
      await call('POST', '/package-presets', {
        name: 'A3 tube',
        length: 45,
        width: 8,
        height: 8,
        weight: 0.4,
        description: 'Poster tube',
      })
    ).json();
    expect((await call('GET', '/package-presets')).json().items.map((p: { name: string }) => p.name)).toEqual([
      'A3 tube',
      'Small box',
    ]);

    const changed = await call('PATCH', `/package-presets/${tube.id}`, {
      weight: null,
      dimensionUnit: 'IN',
      length: 18,
    });
    expect(changed.json()).toMatchObject({
      id: tube.id,
      name: 'A3 tube',
      length: 18,
      dimensionUnit: 'IN',
      weight: null,
      description: 'Poster tube',
    });
    expect((await call('DELETE', `/package-presets/${tube.id}`)).json()).toEqual({ success: true });
    expect((await call('DELETE', `/package-presets/${tube.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/package-presets')).json().items).toHaveLength(1);
  });

  it('refuse a preset without a name or with a size of 0, naming every field, and keep nothing', async () => {
    const res = await call('POST', '/package-presets', {
      name: '',
      length: 0,
      width: -1,
      height: 10,
      dimensionUnit: 'FT',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['name', 'length', 'width', 'dimensionUnit']));
    expect((await call('PATCH', '/package-presets/999', { name: 'x' })).statusCode).toBe(404);

    // An optional weight says what it must be in the operator's words, not the union's types.
    const weights = await call('POST', '/package-presets', { name: 'Box', length: 1, width: 1, height: 1, weight: 0 });
    expect(weights.statusCode).toBe(400);
    expect(weights.json()).toMatchObject({ weight: 'Weight must be more than 0 kg, or empty' });
    const heavy = { name: 'Box', length: 1, width: 1, height: 1, weight: 300_000, weightUnit: 'LB' };
    expect((await call('POST', '/package-presets', heavy)).json()).toMatchObject({
      weight: 'Weight must be at most 100000 lb, or empty',
    });
    expect((await call('GET', '/package-presets')).json().items).toHaveLength(1);
  });
});
