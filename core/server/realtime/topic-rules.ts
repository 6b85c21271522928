import type { Principal } from '../../plugin-api';

export type TopicRule = (principal: Principal | null, topic: string) => boolean | Promise<boolean>;

/**
 * Subscribe rules keyed by topic prefix. The longest registered prefix that the topic starts with decides;
 * a topic no prefix matches is denied, and so is any subscription using the wildcards # or +.
 */
export class TopicRules {
  private readonly rules = new Map<string, TopicRule>();
  /** Prefixes, longest first. */
  private ordered: string[] = [];

  add(prefix: string, rule: TopicRule): void {
    if (!prefix) throw new Error('A topic rule needs a non-empty prefix');
    if (this.rules.has(prefix)) throw new Error(`A topic rule for prefix "${prefix}" is already registered`);
    this.rules.set(prefix, rule);
    this.ordered = [...this.rules.keys()].sort((a, b) => b.length - a.length);
  }

  /** The prefix whose rule decides for this topic, or null when none matches. */
  ruleFor(topic: string): string | null {
    return this.ordered.find((prefix) => topic.startsWith(prefix)) ?? null;
  }

  async allows(principal: Principal | null, topic: string): Promise<boolean> {
    if (!topic || topic.includes('#') || topic.includes('+')) return false;
    const prefix = this.ruleFor(topic);
    if (prefix === null) return false;
    return (await this.rules.get(prefix)!(principal, topic)) === true;
  }
}

/** Topics every visitor may read, signed in or not. */
export const PUBLIC_TOPICS = ['index', 'all_symbol_detail'] as const;

/** A member's private channel: refresh_{userId}. */
export const USER_CHANNEL_PREFIX = 'refresh_';

/** The rules the broker starts with: the public topics and each member's own refresh channel. */
export function addBuiltInRules(rules: TopicRules): void {
  for (const topic of PUBLIC_TOPICS) rules.add(topic, (_principal, candidate) => candidate === topic);
  rules.add(
    USER_CHANNEL_PREFIX,
    (principal, topic) => principal?.kind === 'user' && topic === `${USER_CHANNEL_PREFIX}${principal.id}`,
  );
}
