/**
 * The campaign soak (`npm run soak -- --campaign ID --games N [--seed S] [--from I]`): N
 * whole campaigns played by the autopilot, campaign i with seed S + i at the difficulty
 * story, normal, hard, ironman in turn. Between every two battles it checks that the party
 * carried into the mission is the party that left the last one (each hero's name, wounds,
 * permanent wounds and skills, as the campaign holds them, as the battle is set up with and
 * as the module seats them; the dead stay dead; nothing goes backwards: permanent wounds,
 * kills, missions and skills never fall, a skill rises by at most one a mission and never
 * past its maximum); and at the end that the campaign's save replays to exactly the same
 * campaign, and a save made in the middle of a battle too.
 */
import {
  campaignOptions,
  campaignSave,
  DIFFICULTIES,
  loadCampaign,
  playAutoCampaign,
  type AutoBattle,
  type CampaignDefinition,
  type CampaignHero,
  type CampaignState,
  type Difficulty,
} from '../../src/engine/campaign/index';
import { createGame } from '../../src/engine/setup';
import { findRuleModule } from '../../src/engine/rulesets/registry';
import type { PartyMember } from '../../src/engine/rulesets/module';
import { campaignResolverFromDisk } from '../../src/devtools/campaigns';

export interface CampaignSoakViolation {
  game: number;
  seed: number;
  difficulty: Difficulty;
  /** The battle (1-based) after which it was seen; 0 at the end. */
  battle: number;
  problems: string[];
  reproduce: string;
}

export interface CampaignSoakReport {
  campaign: string;
  games: number;
  battles: number;
  victories: number;
  /** Party checks made (one per hero per battle). */
  heroChecks: number;
  violations: CampaignSoakViolation[];
  seconds: number;
  firstSeed: number;
  lastSeed: number;
}

export interface CampaignSoakOptions {
  def: CampaignDefinition;
  games: number;
  seed?: number;
  from?: number;
  /** How the printed reproduction command starts. */
  command?: string;
  /** The --campaign argument as given (its id, or the path to its file); the id when absent. */
  campaign?: string;
  progress?: (done: number, total: number) => void;
  /**
   * A deliberately broken check: the soak remembers the first hero as leaving each battle
   * with one wound more than it did, so the next battle's party "differs" (tests use it).
   */
  injectFault?: boolean;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The party as the campaign holds it, the battle is set up with, and the module seats it. */
function carriedProblems(left: readonly CampaignHero[], b: AutoBattle): string[] {
  const problems: string[] = [];
  const rules = b.setup.rules;
  const moduleId = rules.id;
  const inState = b.before.party;
  if (!same(inState, left))
    problems.push('the campaign state at the battle differs from the party that left the last one');
  const config = b.setup.config.party ?? [];
  if (
    !same(
      config.map((m) => m.id),
      left.map((h) => h.id),
    )
  )
    problems.push(
      `the battle's party ${config.map((m) => m.id).join(',')} is not the party that left the last battle ${left.map((h) => h.id).join(',')}`,
    );
  const created = createGame(b.setup.config);
  if (!created.ok) return [...problems, `the battle cannot be set up: ${created.error}`];
  const seated = new Map<string, PartyMember>(
    rules.partyAfter(created.state).map((m) => [m.id, m]),
  );
  for (const hero of left) {
    const member = config.find((m) => m.id === hero.id);
    const unit = created.state.units.find((u) => u.id === hero.id);
    const sat = seated.get(hero.id);
    if (!member || !unit || !sat) {
      problems.push(`${hero.name} (${hero.id}) left the last battle but is not in this one`);
      continue;
    }
    const own = hero.skills[moduleId] ?? {};
    const expected = {
      name: hero.name,
      kind: hero.kinds[moduleId],
      wounds: hero.wounds,
      permanentWounds: hero.permanentWounds,
      skills: own,
    };
    const given = {
      name: member.name,
      kind: member.kind,
      wounds: member.wounds,
      permanentWounds: member.permanentWounds ?? 0,
      skills: member.skills ?? {},
    };
    if (!same(given, expected))
      problems.push(
        `${hero.name} goes in as ${JSON.stringify(given)}, but left the last battle as ${JSON.stringify(expected)}`,
      );
    // Seated: wounds carried (never so many it starts fallen), permanent wounds, skills.
    const kindMax = rules.campaign!.maxWounds(member.kind);
    const wantMax = Math.max(1, kindMax - hero.permanentWounds);
    if (unit.maxWounds !== wantMax)
      problems.push(
        `${hero.name} is seated with ${unit.maxWounds} wounds, not ${kindMax} less ${hero.permanentWounds} permanent`,
      );
    if (sat.wounds !== Math.min(hero.wounds, unit.maxWounds - 1))
      problems.push(`${hero.name} is seated with ${sat.wounds} wounds, carried ${hero.wounds}`);
    if ((sat.permanentWounds ?? 0) !== hero.permanentWounds)
      problems.push(`${hero.name} is seated with other permanent wounds`);
    const sk = sat.skills ?? {};
    for (const [id, level] of Object.entries(own))
      if (sk[id] !== level)
        problems.push(`${hero.name}'s ${id} is seated at ${sk[id]}, carried ${level}`);
  }
  return problems;
}

/** What the rolls after a battle may do to the party: nothing goes backwards. */
function rollProblems(before: CampaignState, after: CampaignState): string[] {
  const problems: string[] = [];
  const dead = new Set(before.fallen.map((h) => h.id));
  if (!same(after.fallen.slice(0, before.fallen.length), before.fallen))
    problems.push('the fallen of earlier missions changed');
  for (const h of after.party) {
    if (dead.has(h.id)) problems.push(`${h.name} (${h.id}) is dead but back in the party`);
    if (h.status === 'dead') problems.push(`${h.name} is in the party with the status "dead"`);
  }
  for (const h of after.fallen.slice(before.fallen.length))
    if (h.status !== 'dead' || h.died === null)
      problems.push(`${h.name} is among the fallen but not dead`);
  for (const was of before.party) {
    const now = [...after.party, ...after.fallen].find((h) => h.id === was.id);
    if (!now) {
      problems.push(`${was.name} (${was.id}) vanished from the campaign`);
      continue;
    }
    if (now.permanentWounds < was.permanentWounds)
      problems.push(`${was.name}'s permanent wounds fell`);
    if (now.kills < was.kills || now.missions !== was.missions + 1)
      problems.push(`${was.name}'s kills or missions went wrong`);
    for (const [moduleId, levels] of Object.entries(now.skills)) {
      const rules = findRuleModule(moduleId)?.campaign;
      for (const [id, level] of Object.entries(levels)) {
        const old = was.skills[moduleId]?.[id];
        const max = rules?.skills(now.kinds[moduleId]).find((s) => s.id === id)?.max;
        if (old !== undefined && (level < old || level > old + 1))
          problems.push(`${was.name}'s ${id} went from ${old} to ${level}`);
        if (max !== undefined && level > max)
          problems.push(`${was.name}'s ${id} is ${level}, past its maximum ${max}`);
      }
    }
  }
  return problems;
}

/** The campaign's save, loaded back, must be the same campaign exactly. */
function saveProblems(state: CampaignState, def: CampaignDefinition, what: string): string[] {
  const loaded = loadCampaign(
    JSON.stringify(campaignSave(state)),
    def,
    campaignResolverFromDisk(def),
  );
  if (!loaded.ok) return [`${what}'s save does not load: ${loaded.error}`];
  return same(loaded.state, state) ? [] : [`${what}'s save replays to a different campaign`];
}

export function runCampaignSoak(opts: CampaignSoakOptions): CampaignSoakReport {
  const seedBase = opts.seed ?? 1;
  const from = opts.from ?? 0;
  const started = performance.now();
  const violations: CampaignSoakViolation[] = [];
  let battles = 0;
  let victories = 0;
  let heroChecks = 0;
  for (let k = 0; k < opts.games; k++) {
    const i = from + k;
    const seed = seedBase + i;
    const difficulty = DIFFICULTIES[i % DIFFICULTIES.length];
    let battle = 0;
    let left: readonly CampaignHero[] | null = null;
    let midBattle: CampaignState | null = null;
    const problems: string[] = [];
    const report = (): void => {
      violations.push({
        game: i,
        seed,
        difficulty,
        battle,
        problems: [...problems],
        reproduce: `${opts.command ?? 'npm run soak --'} --campaign ${opts.campaign ?? opts.def.id} --seed ${seedBase} --from ${i} --games 1`,
      });
    };
    try {
      const end = playAutoCampaign(
        opts.def,
        seed,
        campaignOptions(difficulty),
        campaignResolverFromDisk(opts.def),
        {
          onBattle: (b) => {
            battle++;
            if (left === null) left = b.before.party;
            problems.push(...carriedProblems(left, b));
            heroChecks += left.length;
            problems.push(...rollProblems(b.before, b.after));
            if (problems.length > 0) throw new Error('party check failed');
            left = opts.injectFault
              ? b.after.party.map((h, n) => (n === 0 ? { ...h, wounds: h.wounds + 1 } : h))
              : b.after.party;
            // Keep a save made in the middle of the first battle (half its commands given).
            if (battle === 1) {
              const cut = b.game.commands.slice(0, Math.floor(b.game.commands.length / 2));
              midBattle = { ...b.before, battle: { ...b.before.battle!, commands: cut } };
            }
          },
        },
      );
      battles += end.history.length;
      if (end.position.at === 'over' && end.position.result === 'victory') victories++;
      battle = 0;
      problems.push(...saveProblems(end, opts.def, 'the finished campaign'));
      if (midBattle) problems.push(...saveProblems(midBattle, opts.def, 'a battle under way'));
    } catch (e) {
      if (problems.length === 0) problems.push(`the campaign threw: ${(e as Error).message}`);
    }
    if (problems.length > 0) report();
    opts.progress?.(k + 1, opts.games);
  }
  return {
    campaign: opts.def.id,
    games: opts.games,
    battles,
    victories,
    heroChecks,
    violations,
    seconds: (performance.now() - started) / 1000,
    firstSeed: seedBase + from,
    lastSeed: seedBase + from + opts.games - 1,
  };
}

export function formatCampaignSoak(r: CampaignSoakReport): string {
  const lines = [
    `Campaign soak: ${r.campaign}, ${r.games} campaigns, seeds ${r.firstSeed}..${r.lastSeed}, difficulties ${DIFFICULTIES.join(', ')} in turn`,
    `Battles played    ${r.battles} (${r.victories} campaigns won)`,
    `Heroes checked    ${r.heroChecks} (carried into a battle as they left the last)`,
    `Violations        ${r.violations.length}`,
    `Time              ${r.seconds.toFixed(1)} s`,
  ];
  for (const v of r.violations.slice(0, 50)) {
    lines.push(
      '',
      `VIOLATION in campaign ${v.game} (seed ${v.seed}, ${v.difficulty}${v.battle > 0 ? `, battle ${v.battle}` : ', at the end'}):`,
    );
    for (const p of v.problems) lines.push(`  - ${p}`);
    lines.push(`  reproduce: ${v.reproduce}`);
  }
  return lines.join('\n');
}
