/**
 * The station's shipping rules (docs/contract.md §20): kept as one ordered list in the settings
 * every desk shares; choosing is pure (shipping-rules.ts).
 */
import type { CarrierCatalog } from './carriers';
import { FieldErrors } from './errors';
import type { PutRulesRequest, RuleList } from './schemas';
import { checkRules, matchRule, shownRule, type RuleSubject, type RuleWorld, type StoredRule } from './shipping-rules';
import type { PresetStore, SettingsStore } from './storage';

const SETTING = 'shippingRules';

export class RuleService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly catalog: CarrierCatalog,
    private readonly presets: Pick<PresetStore, 'list'>,
  ) {}

  private async world(): Promise<RuleWorld> {
    const ids = new Set((await this.presets.list()).map((p) => p.id));
    return { catalog: this.catalog, presetExists: (id) => ids.has(id) };
  }

  async stored(): Promise<StoredRule[]> {
    return (await this.settings.get<StoredRule[]>(SETTING)) ?? [];
  }

  async list(): Promise<RuleList> {
    const [rules, world] = await Promise.all([this.stored(), this.world()]);
    return { rules: rules.map((r) => shownRule(r, world)) };
  }

  /** Replaces the whole list; a rule naming a carrier, service, feature or preset that does not exist is refused. */
  async replace(request: PutRulesRequest): Promise<RuleList> {
    const errors = new FieldErrors();
    const rules = checkRules(request.rules, await this.world(), errors);
    errors.throwIfAny();
    await this.settings.set(SETTING, rules);
    return this.list();
  }

  async match(subject: RuleSubject): Promise<{ rule: StoredRule; index: number } | null> {
    return (await this.matcher())(subject);
  }

  /** The rules read now and matched later, so a caller reads them alongside what the subject needs. */
  async matcher(): Promise<(subject: RuleSubject) => { rule: StoredRule; index: number } | null> {
    const [rules, world] = await Promise.all([this.stored(), this.world()]);
    return (subject) => matchRule(rules, subject, world);
  }
}
