/**
 * Exact chances of a roll's success, by enumerating every face of the dice a Resolution
 * names (rulesets/module.ts). Used by every module's attack preview, so the view shows the
 * true odds and never computes them itself.
 */
import type { Resolution } from './rulesets/module';

/**
 * A chance as the game writes it everywhere (badges, cards, the intent overlay, rule texts):
 * whole per cent, one precision so that figures side by side compare. A chance that is not
 * nil but would round to 0 reads "<1%", one short of sure that would round to 100 reads
 * ">99%" (a sure thing and an almost sure one must not look alike).
 */
export function formatChance(chance: number): string {
  // Sums of float odds land a hair off 0 or 1: those are nil and sure.
  if (chance <= 1e-9) return '0%';
  if (chance >= 1 - 1e-9) return '100%';
  if (chance < 0.005) return '<1%';
  if (chance >= 0.995) return '>99%';
  return `${Math.round(chance * 100)}%`;
}

/** The number of ways `dice` d`die` sum to each total (index = total). */
export function sumDistribution(dice: number, die: number): number[] {
  let ways = [1];
  for (let d = 0; d < dice; d++) {
    const next = new Array<number>(ways.length + die).fill(0);
    for (let total = 0; total < ways.length; total++) {
      if (ways[total] === 0) continue;
      for (let face = 1; face <= die; face++) next[total + face] += ways[total];
    }
    ways = next;
  }
  return ways;
}

/** The chance (0..1) that the resolution succeeds, counted over every outcome of its dice. */
export function chanceOf(resolution: Resolution): number {
  switch (resolution.kind) {
    case 'threshold': {
      let hits = 0;
      for (let face = 1; face <= resolution.die; face++)
        if (face + resolution.modifier >= resolution.need) hits++;
      const p = hits / resolution.die;
      return resolution.invert ? 1 - p : p;
    }
    case 'advantage': {
      let hits = 0;
      const { die } = resolution;
      for (let a = 1; a <= die; a++) {
        for (let b = 1; b <= die; b++) {
          const kept = resolution.mode === 'best' ? Math.max(a, b) : Math.min(a, b);
          if (kept + resolution.modifier >= resolution.need) hits++;
        }
      }
      const p = hits / (die * die);
      return resolution.invert ? 1 - p : p;
    }
    case 'sequence':
      return resolution.steps.reduce((p, step) => p * chanceOf(step), 1);
    case 'table': {
      let total = 0;
      for (let face = 1; face <= resolution.die; face++) {
        const value = face + resolution.modifier;
        const band = resolution.bands.find((b) => value >= b.min && value <= b.max);
        if (!band || !band.success) continue;
        const confirm = resolution.confirm;
        if (confirm && confirm.result === band.result) {
          let confirmed = 0;
          for (let c = 1; c <= confirm.die; c++) if (c >= confirm.need) confirmed++;
          total += confirmed / confirm.die;
        } else total += 1;
      }
      return total / resolution.die;
    }
    case 'opposed': {
      const { attacker, defender, armour } = resolution;
      const a = sumDistribution(attacker.dice, attacker.die);
      const d = sumDistribution(defender.dice, defender.die);
      const aCount = attacker.die ** attacker.dice;
      const dCount = defender.die ** defender.dice;
      let wins = 0;
      for (let at = 0; at < a.length; at++) {
        if (a[at] === 0) continue;
        for (let dt = 0; dt < d.length; dt++) {
          if (d[dt] === 0) continue;
          if (at + attacker.bonus > dt + defender.bonus + armour) wins += a[at] * d[dt];
        }
      }
      return wins / (aCount * dCount);
    }
  }
}
