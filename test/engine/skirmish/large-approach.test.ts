/**
 * A large foe behind water is still fought (solitaire-gaming-rules.txt V "Large Figures":
 * "An attacker can target any space a large figure occupies"; "Movement": "A large figure
 * can move through walls ... as long as at least 1 space its base is on is open during the
 * entire move"). On the generated field `field:skirmish:large:11` the ogre (2x2) stood at
 * (21,7) above a lake while the heroes stood at (25,16) below it: the heroes' autopilot
 * measured the straight line (no step shortened it) and the ogre's long way ran through a
 * one-square gap where its base cannot stop, so neither moved and the battle ran out.
 */
import { describe, expect, it } from 'vitest';
import {
  applyCommand,
  chooseHeroCommand,
  createGame,
  legalCommands,
} from '../../../src/engine/index';
import { resolveScenarioFromDisk } from '../../../src/devtools/campaigns';
import type { GameState } from '../../../src/engine/types';

const ENEMIES = 'ogre,swordsman,swordsman,slinger,slinger,wolf,wolf';

function ambush(seed: number): GameState {
  const r = resolveScenarioFromDisk('field:skirmish:large:11');
  if (!r.ok) throw new Error(r.error);
  const party = ['captain', 'fire-mage', 'archer', 'healer'].map((k, i) => ({
    id: `h${i}`,
    name: k,
    kind: k,
    wounds: 0,
    traits: {},
  }));
  const c = createGame({
    scenarioId: 'large-approach',
    map: r.board.map,
    seed,
    ruleModule: 'skirmish',
    party,
    options: { scenario: 'ambush', enemies: ENEMIES, allies: 'swordsman,spearman' },
  });
  if (!c.ok) throw new Error(c.error);
  let s = c.state;
  while (s.phase === 'setup') s = step(s, chooseHeroCommand(s)!);
  return s;
}

function step(s: GameState, command: Parameters<typeof applyCommand>[1]): GameState {
  const res = applyCommand(s, command);
  if (!res.ok) throw new Error(res.error);
  return res.state;
}

/**
 * The ogre alone at (21,7) above the lake, the heroes' side gathered below it at (25,16)
 * (without its long-range shooters when `meleeOnly`, so only walking round brings a strike).
 */
function ogreAcrossTheLake(seed: number, ogreMove?: number, meleeOnly = false): GameState {
  const s = structuredClone({ ...ambush(seed), map: undefined }) as unknown as GameState;
  s.map = ambush(seed).map;
  let i = 0;
  for (const u of s.units) {
    if (!u.position) continue;
    if (u.kind === 'ogre') {
      u.position = { x: 21, y: 7 };
      if (u.ai) u.ai.status = 'alerted';
      if (ogreMove !== undefined) u.move = ogreMove;
    } else if (
      u.side === 'enemies' ||
      (meleeOnly && (u.kind === 'archer' || u.kind === 'fire-mage'))
    ) {
      u.position = null;
      u.wounds = u.maxWounds;
    } else {
      u.position = { x: 25 + (i % 2), y: 16 + Math.floor(i / 2) };
      i++;
    }
  }
  return s;
}

const ogreOf = (s: GameState) => s.units.find((u) => u.kind === 'ogre')!;

describe('a 2x2 foe across water', () => {
  it('the autopilot wounds or defeats the ogre in the ambush within 15 rounds, whatever the seed', () => {
    for (const seed of [1, 4, 9]) {
      let s = ambush(seed);
      while (s.phase !== 'over' && s.round <= 15) s = step(s, chooseHeroCommand(s)!);
      const ogre = ogreOf(s);
      expect(ogre.position === null || ogre.wounds > 0, `seed ${seed}`).toBe(true);
    }
  });

  it('the heroes walk round the lake to an ogre that cannot move, and can attack it', () => {
    let s = ogreAcrossTheLake(4, 0, true);
    let attackable = false;
    while (s.phase !== 'over' && s.round <= 8 && !attackable) {
      if (s.turn && s.units.find((u) => u.id === s.turn!.unitId)?.side === 'heroes')
        attackable = legalCommands(s).some((c) => c.type === 'attack' && c.target === ogreOf(s).id);
      if (!attackable) s = step(s, chooseHeroCommand(s)!);
    }
    expect(attackable).toBe(true);
  });

  it('the alerted ogre leaves its square when its way runs through a gap it cannot stop in', () => {
    let s = ogreAcrossTheLake(4);
    const startRound = s.round;
    while (s.phase !== 'over' && s.round < startRound + 2) {
      const hero = s.turn && s.units.find((u) => u.id === s.turn!.unitId);
      s = step(s, { type: 'end-turn', unit: hero!.id });
    }
    expect(ogreOf(s).position).not.toEqual({ x: 21, y: 7 });
  });
});
