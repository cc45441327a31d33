/** Shipping rules (docs/contract.md §20) as a table of cases: which rule an order gets, and why not. */
import { describe, expect, it } from 'vitest';
import { FieldErrors } from './errors';
import {
  checkRules,
  matchRule,
  ruleHolds,
  zoneOf,
  type RuleSubject,
  type RuleWorld,
  type StoredRule,
} from './shipping-rules';

const subject = (overrides: Partial<RuleSubject> = {}): RuleSubject => ({
  from: 'GB',
  to: 'GB',
  weightKg: 1.2,
  value: 40,
  channel: 'Webshop',
  tags: ['vip'],
  references: ['PO-123', '', ''],
  ...overrides,
});

const world: RuleWorld = {
  catalog: {
    carrier: (id) => (id === 1 ? { id: 1, code: 'SP', name: 'Swift Parcels', trackingPrefix: 'SP' } : undefined),
    service: (id) =>
      id === 101 || id === 104
        ? {
            id,
            carrierId: 1,
            systemName: '',
            name: id === 101 ? 'Next Day' : 'International Express',
            uniqueIdentifier: '',
            serviceCode: '',
            maxWeightKg: 30,
            maxLengthCm: 150,
            scope: id === 101 ? 'domestic' : 'international',
            isReturn: false,
          }
        : undefined,
    feature: (id) => (id === 1001 ? { id, carrierId: 1, name: 'Signature', code: 'SIG' } : undefined),
  },
  presetExists: (id) => id === 7,
};

describe('a rule’s conditions', () => {
  it.each([
    ['no conditions', {}, {}, true],
    ['country listed', { countries: ['DE', 'FR'] }, { to: 'FR' }, true],
    ['country not listed', { countries: ['DE'] }, { to: 'FR' }, false],
    ['zone domestic', { zones: ['domestic'] }, {}, true],
    ['zone eu for Germany', { zones: ['eu'] }, { to: 'DE' }, true],
    ['zone eu not for the US', { zones: ['eu'] }, { to: 'US' }, false],
    ['zone world for the US', { zones: ['world'] }, { to: 'US' }, true],
    ['weight within', { minWeight: 1, maxWeight: 2 }, {}, true],
    ['weight at the maximum', { maxWeight: 1.2 }, {}, true],
    ['weight above', { maxWeight: 1 }, {}, false],
    ['weight below', { minWeight: 2 }, {}, false],
    ['value within', { minValue: 10, maxValue: 50 }, {}, true],
    ['value above', { maxValue: 39.99 }, {}, false],
    ['channel, any case', { channels: ['webshop'] }, {}, true],
    ['channel other', { channels: ['amazon'] }, {}, false],
    ['tag held', { tags: ['gift', 'VIP'] }, {}, true],
    ['tag not held', { tags: ['gift'] }, {}, false],
    ['reference prefix', { referencePrefix: 'po-1' }, {}, true],
    ['reference prefix other', { referencePrefix: 'B2B' }, {}, false],
    ['every condition must hold', { countries: ['GB'], maxWeight: 1 }, {}, false],
  ] as const)('%s', (_name, when, overrides, holds) => {
    expect(ruleHolds(when as StoredRule['when'], subject(overrides))).toBe(holds);
  });

  it('zones: the sender’s country is domestic even inside the EU', () => {
    expect(zoneOf('DE', 'DE')).toBe('domestic');
    expect(zoneOf('GB', 'IE')).toBe('eu');
    expect(zoneOf('FR', 'CH')).toBe('world');
  });
});

describe('choosing', () => {
  const rule = (name: string, when: StoredRule['when'], then: Partial<StoredRule['then']> = {}, enabled = true) => ({
    name,
    enabled,
    when,
    then: { carrierId: 1, carrierServiceId: 101, ...then },
  });
  const rules: StoredRule[] = [
    rule('Disabled', {}, {}, false),
    rule('Gone service', { countries: ['GB'] }, { carrierServiceId: 999 }),
    rule('Gone preset', { countries: ['GB'] }, { presetId: 8 }),
    rule('Heavy', { minWeight: 5 }),
    rule('Europe', { zones: ['eu'] }, { carrierServiceId: 104 }),
    rule('Domestic', { zones: ['domestic'] }, { presetId: 7 }),
  ];

  it.each([
    ['a domestic parcel: the first enabled, unbroken rule that holds', {}, 'Domestic', 5],
    ['a heavy parcel: an earlier rule wins', { weightKg: 6 }, 'Heavy', 3],
    ['Germany', { to: 'DE' }, 'Europe', 4],
    ['the US: none', { to: 'US' }, null, null],
  ] as const)('%s', (_name, overrides, name, index) => {
    const found = matchRule(rules, subject(overrides), world);
    expect(found && { name: found.rule.name, index: found.index }).toEqual(name === null ? null : { name, index });
  });
});

describe('a list as PUT /rules takes it', () => {
  it('is refused naming every rule’s every wrong field', () => {
    const errors = new FieldErrors();
    checkRules(
      [
        {
          name: 'A',
          when: { countries: ['XX', 'de'], minWeight: 5, maxWeight: 1 },
          then: { carrierId: 1, carrierServiceId: 999 },
        },
        { name: 'a', then: { carrierId: 9, carrierServiceId: 101, presetId: 8, carrierFeatures: [1001, 2001] } },
      ],
      world,
      errors,
    );
    expect(errors.fields).toEqual({
      'rules[0].when.countries[0]': 'Country XX is not a country code (two letters, e.g. GB)',
      'rules[0].when.maxWeight': 'Maximum weight must not be below the minimum weight',
      'rules[0].then.carrierServiceId': 'Service 999 is not a service of Swift Parcels',
      'rules[1].then.carrierId': 'Carrier 9 is not a carrier of this station',
      'rules[1].then.carrierFeatures[0]': 'Feature 1001 is not a feature of this carrier',
      'rules[1].then.carrierFeatures[1]': 'Feature 2001 is not a feature of this carrier',
      'rules[1].then.presetId': 'Package preset 8 does not exist',
      'rules[1].name': 'Another rule is already called a',
    });
  });

  it('is kept with countries upper-cased and enabled by default', () => {
    const errors = new FieldErrors();
    const [kept] = checkRules(
      [{ name: ' Home ', when: { countries: ['gb'] }, then: { carrierId: 1, carrierServiceId: 101 } }],
      world,
      errors,
    );
    expect(errors.empty).toBe(true);
    expect(kept).toEqual({
      name: 'Home',
      enabled: true,
      when: { countries: ['GB'] },
      then: { carrierId: 1, carrierServiceId: 101 },
    });
  });
});
