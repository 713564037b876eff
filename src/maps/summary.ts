/**
 * A short plain-text description of a BattleMap: name, size, terrain counts, heroes,
 * enemies by kind, the Arch Foe, lairs, objectives and exits, and the scenario settings.
 */
import type { BattleMap, MapObject, Terrain } from '../engine/map';
import { listRuleModules } from '../engine/rulesets/registry';
import { rulesForProperties } from './rules';
import { FACING_NAMES } from '../engine/grid';
import { TERRAIN_VALUES } from './constants';

/** Counts of each terrain over the map's squares (every terrain present, 0 included). */
export function terrainCounts(map: BattleMap): Record<Terrain, number> {
  const counts = Object.fromEntries(TERRAIN_VALUES.map((t) => [t, 0])) as Record<Terrain, number>;
  for (const t of map.terrain) counts[t]++;
  return counts;
}

function at(o: MapObject): string {
  return o.width > 1 || o.height > 1 ? `${o.x},${o.y} (${o.width} x ${o.height})` : `${o.x},${o.y}`;
}

/** Describes the map in a few lines; stable wording so tools and tests can rely on it. */
export function summarizeMap(map: BattleMap): string {
  const lines: string[] = [];
  lines.push(`${map.name} [${map.id}]: ${map.width} x ${map.height} squares`);
  if (map.description) lines.push(`  ${map.description.replace(/\s*\n\s*/g, ' ')}`);
  const counts = terrainCounts(map);
  const terrain = TERRAIN_VALUES.filter((t) => counts[t] > 0).map((t) => `${counts[t]} ${t}`);
  lines.push(`  Terrain: ${terrain.join(', ')}`);
  const cover = map.cover.filter((c) => c !== 'none').length;
  if (cover > 0) lines.push(`  Cover: ${cover} square${cover === 1 ? '' : 's'} give cover`);

  const heroes = map.objects.filter((o) => o.kind === 'hero');
  const heroText = heroes.map(
    (h) => `${typeof h.properties.unit === 'string' ? h.properties.unit : 'start'} at ${at(h)}`,
  );
  lines.push(`  Heroes: ${heroes.length}${heroes.length ? ` (${heroText.join('; ')})` : ''}`);

  const enemies = map.objects.filter((o) => o.kind === 'enemy');
  const byKind = new Map<string, number>();
  for (const e of enemies) {
    const u = String(e.properties.unit);
    byKind.set(u, (byKind.get(u) ?? 0) + 1);
  }
  const kinds = [...byKind].map(([k, n]) => `${n} ${k}`).join(', ');
  lines.push(`  Enemies: ${enemies.length}${enemies.length ? ` (${kinds})` : ''}`);
  const arch = enemies.find((e) => e.properties.archFoe === true);
  if (arch) {
    const facing = arch.facing !== undefined ? `, facing ${FACING_NAMES[arch.facing]}` : '';
    lines.push(
      `  Arch Foe: ${arch.name} (${String(arch.properties.unit)}) at ${at(arch)}${facing}`,
    );
  } else {
    lines.push('  Arch Foe: none');
  }
  const lairs = map.objects.filter((o) => o.kind === 'lair');
  if (lairs.length > 0) {
    lines.push(
      `  Lairs: ${lairs.length} (${lairs.map((l) => `${l.properties.roll !== undefined ? `roll ${String(l.properties.roll)} ` : ''}at ${at(l)}`).join('; ')})`,
    );
  }
  const objectives = map.objects.filter((o) => o.kind === 'objective');
  lines.push(
    `  Objectives: ${objectives.length ? objectives.map((o) => `${o.name} at ${at(o)}`).join('; ') : 'none'}`,
  );
  const exits = map.objects.filter((o) => o.kind === 'exit');
  if (exits.length > 0)
    lines.push(`  Exits: ${exits.map((o) => `${o.name} at ${at(o)}`).join('; ')}`);
  const doors = map.objects.filter((o) => o.kind === 'door');
  if (doors.length > 0) lines.push(`  Doors: ${doors.length}`);
  const p = map.properties;
  const rules = rulesForProperties(p);
  lines.push(
    `  Rules: ${rules.id} (${rules.name})${p.ruleModule !== undefined && p.ruleModule !== rules.id ? `, as the map's "${String(p.ruleModule)}" is not installed` : ''}`,
  );
  const extras = [`victory ${String(p.victory)}`];
  if (p.lairRoll === true) extras.push('lair rolled on a d6');
  if (typeof p.moraleOptional === 'boolean')
    extras.push(`morale ${p.moraleOptional ? 'on' : 'off'}`);
  lines.push(`  Scenario: ${extras.join('; ')}`);
  return lines.join('\n');
}

/**
 * For each rule module that offers a choice of scenario, the ones it can play on `map` (at
 * its default options) and why it cannot play the others: "Scenarios under <rules>: Basic
 * Battle, Ambush (not Escape: <why>)". map:check prints these under the summary.
 */
export function describeScenarioChoices(map: BattleMap): string[] {
  const lines: string[] = [];
  for (const rules of listRuleModules()) {
    const spec = rules
      .optionSpecs(map, rules.normaliseOptions(undefined, map))
      .find((s) => s.id === 'scenario');
    if (spec?.kind !== 'choice') continue;
    const offered = spec.choices.filter((c) => !c.unavailable).map((c) => c.label);
    const refused = spec.choices
      .filter((c) => c.unavailable)
      .map((c) => `not ${c.label}: ${c.unavailable?.replace(/\.$/, '')}`);
    const list = offered.length > 0 ? offered.join(', ') : 'none';
    lines.push(
      `  Scenarios under ${rules.name}: ${list}${refused.length > 0 ? ` (${refused.join('; ')})` : ''}`,
    );
  }
  return lines;
}
