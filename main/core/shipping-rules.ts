/**
 * Shipping rules (docs/contract.md §20), pure: an ordered list, the first enabled rule whose every
 * condition holds chooses the carrier, service, preset, features and contents type. A rule
 * whose service or preset is gone is broken: it never matches, and says why.
 */
import countries from './countries';
import type { CarrierCatalog } from './carriers';
import type { FieldErrors } from './errors';
import type { RuleThen, RuleWhen, ShippingRule, ShippingRuleInput } from './schemas';

/** The European Union's members: the `eu` zone (a destination in it, other than the sender's country). */
const EU = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));

export type Zone = 'domestic' | 'eu' | 'world';
export const zoneOf = (from: string, to: string): Zone => (from === to ? 'domestic' : EU.has(to) ? 'eu' : 'world');

/** What a rule looks at: an order, or an operator's draft of one. */
export interface RuleSubject {
  /** The sender's country and the destination's, alpha-2. */
  from: string;
  to: string;
  weightKg: number;
  /** In the order's currency, major units. */
  value: number;
  channel: string;
  tags: string[];
  references: string[];
}

export interface StoredRule {
  name: string;
  enabled: boolean;
  when: RuleWhen;
  then: RuleThen;
}

const folded = (s: string) => s.trim().toLowerCase();

export function ruleHolds(when: RuleWhen, s: RuleSubject): boolean {
  if (when.countries?.length && !when.countries.some((c) => c.toUpperCase() === s.to)) return false;
  if (when.zones?.length && !when.zones.includes(zoneOf(s.from, s.to))) return false;
  if (when.minWeight !== undefined && s.weightKg < when.minWeight) return false;
  if (when.maxWeight !== undefined && s.weightKg > when.maxWeight) return false;
  if (when.minValue !== undefined && s.value < when.minValue) return false;
  if (when.maxValue !== undefined && s.value > when.maxValue) return false;
  if (when.channels?.length && !when.channels.some((c) => folded(c) === folded(s.channel))) return false;
  if (when.tags?.length && !when.tags.some((t) => s.tags.some((u) => folded(u) === folded(t)))) return false;
  if (when.referencePrefix && !s.references.some((r) => folded(r).startsWith(folded(when.referencePrefix!))))
    return false;
  return true;
}

/** What the station's catalog and presets hold, for telling a broken rule. */
export interface RuleWorld {
  catalog: Pick<CarrierCatalog, 'carrier' | 'service' | 'feature'>;
  presetExists(id: number): boolean;
}

/** Why a rule cannot be applied now, or null. */
export function ruleProblem(then: RuleThen, world: RuleWorld): string | null {
  const carrier = world.catalog.carrier(then.carrierId);
  if (!carrier) return `Carrier ${then.carrierId} is not a carrier of this station`;
  const service = world.catalog.service(then.carrierServiceId);
  if (!service || service.carrierId !== carrier.id)
    return `Service ${then.carrierServiceId} is not a service of ${carrier.name}`;
  for (const id of then.carrierFeatures ?? []) {
    const feature = world.catalog.feature(id);
    if (!feature || feature.carrierId !== carrier.id) return `Feature ${id} is not a feature of ${carrier.name}`;
  }
  if (then.presetId !== undefined && !world.presetExists(then.presetId))
    return `Package preset ${then.presetId} does not exist any more`;
  return null;
}

/** The first enabled, unbroken rule that holds for `subject`, with its place in the list; or null. */
export function matchRule(
  rules: StoredRule[],
  subject: RuleSubject,
  world: RuleWorld,
): { rule: StoredRule; index: number } | null {
  for (const [index, rule] of rules.entries()) {
    if (rule.enabled && ruleProblem(rule.then, world) === null && ruleHolds(rule.when, subject)) return { rule, index };
  }
  return null;
}

/** A rule list as PUT /rules stores it; every problem named by its path (`rules[2].then.carrierServiceId`). */
export function checkRules(input: ShippingRuleInput[], world: RuleWorld, errors: FieldErrors): StoredRule[] {
  return input.map((rule, i) => {
    const at = (path: string) => `rules[${i}].${path}`;
    const when = rule.when ?? {};
    (when.countries ?? []).forEach((c, j) => {
      if (!/^[A-Za-z]{2}$/.test(c) || !countries.isValid(c.toUpperCase()))
        errors.add(at(`when.countries[${j}]`), `Country ${c} is not a country code (two letters, e.g. GB)`);
    });
    if (when.minWeight !== undefined && when.maxWeight !== undefined && when.minWeight > when.maxWeight)
      errors.add(at('when.maxWeight'), 'Maximum weight must not be below the minimum weight');
    if (when.minValue !== undefined && when.maxValue !== undefined && when.minValue > when.maxValue)
      errors.add(at('when.maxValue'), 'Maximum value must not be below the minimum value');
    const carrier = world.catalog.carrier(rule.then.carrierId);
    if (!carrier) errors.add(at('then.carrierId'), `Carrier ${rule.then.carrierId} is not a carrier of this station`);
    const service = world.catalog.service(rule.then.carrierServiceId);
    if (!service || (carrier && service.carrierId !== carrier.id))
      errors.add(
        at('then.carrierServiceId'),
        `Service ${rule.then.carrierServiceId} is not a service of ${carrier?.name ?? 'this carrier'}`,
      );
    (rule.then.carrierFeatures ?? []).forEach((id, j) => {
      const feature = world.catalog.feature(id);
      if (!feature || feature.carrierId !== rule.then.carrierId)
        errors.add(
          at(`then.carrierFeatures[${j}]`),
          `Feature ${id} is not a feature of ${carrier?.name ?? 'this carrier'}`,
        );
    });
    if (rule.then.presetId !== undefined && !world.presetExists(rule.then.presetId))
      errors.add(at('then.presetId'), `Package preset ${rule.then.presetId} does not exist`);
    const names = input.slice(0, i).map((r) => folded(r.name));
    if (names.includes(folded(rule.name))) errors.add(at('name'), `Another rule is already called ${rule.name}`);
    return {
      name: rule.name.trim(),
      enabled: rule.enabled ?? true,
      when: { ...when, ...(when.countries ? { countries: when.countries.map((c) => c.toUpperCase()) } : {}) },
      then: rule.then,
    };
  });
}

/** A stored rule as GET /rules shows it: with `problem` when it is broken. */
export function shownRule(rule: StoredRule, world: RuleWorld): ShippingRule {
  const problem = ruleProblem(rule.then, world);
  return { ...rule, ...(problem === null ? {} : { problem }) };
}
