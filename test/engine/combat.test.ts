import { describe, expect, it } from 'vitest';
import { heroesInOrder } from '../../src/engine/game';
import { canAttack, whyCannotAttack } from '../../src/engine/rulesets/dungeon-crawl/combat';
import { crawlWeapons } from '../../src/engine/rulesets/dungeon-crawl/types';
import { alertAll, boardGame, play, rejects, rollsOf, startWith, unit } from './helpers';

/** Starts a board where every enemy stands still (patrol 4) and returns the heroes' state. */
function heroesTurn(ascii: string, enemyCount: number, options = {}, rulesVersion?: number) {
  return startWith(boardGame(ascii, options, {}, rulesVersion), Array(enemyCount).fill(4)).state;
}

function endTurnsUntil(state: ReturnType<typeof heroesTurn>, heroId: string) {
  let s = state;
  while (s.turn && s.turn.unitId !== heroId)
    s = play(s, { type: 'end-turn', unit: s.turn.unitId }).state;
  return s;
}

describe('Hero weapons: d6 target numbers', () => {
  const cases: [string, string, string, number][] = [
    // ascii has the hero and a troll (2 wounds, so a hit is one wound and not a kill)
    ['fighting-man-1', 'sword', '#####\n#Ft.#\n#...#\n#####', 3],
    ['magic-user-1', 'fireball', '######\n#M..t#\n######', 4],
    ['magic-user-1', 'staff', '#####\n#Mt.#\n#####', 5],
    ['thief-1', 'dagger', '#######\n#T...t#\n#######', 4],
    ['priest-1', 'mace', '#####\n#Pt.#\n#####', 4],
  ];
  for (const [hero, weapon, ascii, need] of cases) {
    it(`${hero} ${weapon}: wounds on ${need}+, misses on ${need - 1}`, () => {
      const s = endTurnsUntil(heroesTurn(ascii, 1), hero);
      const hit = play(s, { type: 'attack', unit: hero, target: 'troll-1', weapon }, [need]);
      expect(unit(hit.state, 'troll-1').wounds).toBe(1);
      expect(hit.events.some((e) => e.type === 'attacked' && e.hit && e.need === need)).toBe(true);
      const miss = play(s, { type: 'attack', unit: hero, target: 'troll-1', weapon }, [need - 1]);
      expect(unit(miss.state, 'troll-1').wounds).toBe(0);
    });
  }

  it('a goblin falls to one wound and the hero is credited', () => {
    const s = heroesTurn('#####\n#Fg.#\n#####', 1);
    const { state, events } = play(
      s,
      { type: 'attack', unit: 'fighting-man-1', target: 'goblin-1', weapon: 'sword' },
      [6],
    );
    expect(unit(state, 'goblin-1').position).toBeNull();
    expect(unit(state, 'goblin-1').ai!.status).toBe('defeated');
    expect(unit(state, 'fighting-man-1').stats.kills).toBe(1);
    expect(events.map((e) => e.type)).toContain('defeated');
  });
});

describe('Weapon restrictions', () => {
  it('melee weapons reach only adjacent squares', () => {
    const s = heroesTurn('######\n#F.t.#\n######', 1);
    expect(
      rejects(s, { type: 'attack', unit: 'fighting-man-1', target: 'troll-1', weapon: 'sword' }),
    ).toMatch(/range/);
  });

  it('no fireball with a monster adjacent (side or corner), the staff still works', () => {
    const s = endTurnsUntil(heroesTurn('######\n#M..t#\n#g...#\n######', 2), 'magic-user-1');
    expect(
      rejects(s, { type: 'attack', unit: 'magic-user-1', target: 'troll-1', weapon: 'fireball' }),
    ).toMatch(/foe adjacent/);
    play(s, { type: 'attack', unit: 'magic-user-1', target: 'goblin-1', weapon: 'staff' }, [5]);
  });

  it('fireball reaches any distance along an open line', () => {
    const row = '#M' + '.'.repeat(30) + 't#';
    const s = endTurnsUntil(
      heroesTurn(`${'#'.repeat(34)}\n${row}\n${'#'.repeat(34)}`, 1),
      'magic-user-1',
    );
    play(s, { type: 'attack', unit: 'magic-user-1', target: 'troll-1', weapon: 'fireball' }, [4]);
  });

  it('dagger: adjacent and up to 5 squares, not 6', () => {
    const near = endTurnsUntil(heroesTurn('#####\n#Tt.#\n#####', 1), 'thief-1');
    play(near, { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' }, [4]);
    const five = endTurnsUntil(heroesTurn('########\n#T....t#\n########', 1), 'thief-1');
    play(five, { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' }, [4]);
    const six = endTurnsUntil(heroesTurn('#########\n#T.....t#\n#########', 1), 'thief-1');
    expect(
      rejects(six, { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' }),
    ).toMatch(/out of Dagger range/);
  });

  it('rules version 1: ranged attacks need a straight, unblocked line: rock blocks, a monster in the way blocks, a friend does not', () => {
    const wall = endTurnsUntil(heroesTurn('#######\n#T.#.t#\n#######', 1, {}, 1), 'thief-1');
    expect(
      rejects(wall, { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' }),
    ).toMatch(/No straight, open line/);
    const monster = endTurnsUntil(heroesTurn('#######\n#T.g.t#\n#######', 2, {}, 1), 'thief-1');
    expect(
      rejects(monster, { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' }),
    ).toMatch(/No straight, open line/);
    const friend = endTurnsUntil(heroesTurn('#######\n#T.F.t#\n#######', 1, {}, 1), 'thief-1');
    play(friend, { type: 'attack', unit: 'thief-1', target: 'troll-1', weapon: 'dagger' }, [4]);
  });

  it('no melee attack diagonally through two rock corners', () => {
    const s = heroesTurn('####\n#F##\n##t#\n####', 1);
    expect(
      rejects(s, { type: 'attack', unit: 'fighting-man-1', target: 'troll-1', weapon: 'sword' }),
    ).toMatch(/through the rock/);
  });

  it('one attack a turn, and a move only before the attack', () => {
    const s = heroesTurn('#####\n#Ft.#\n#...#\n#####', 1);
    const after = play(
      s,
      { type: 'attack', unit: 'fighting-man-1', target: 'troll-1', weapon: 'sword' },
      [1],
    ).state;
    expect(
      rejects(after, {
        type: 'attack',
        unit: 'fighting-man-1',
        target: 'troll-1',
        weapon: 'sword',
      }),
    ).toMatch(/already acted/);
    expect(rejects(after, { type: 'move', unit: 'fighting-man-1', to: { x: 1, y: 2 } })).toMatch(
      /before attacking/,
    );
  });
});

describe('Enemy weapons and restrictions', () => {
  /** An alerted enemy side acts as the heroes end their turn; returns the enemy phase events. */
  function enemyPhase(ascii: string, enemyCount: number, rolls: number[], options = {}) {
    let s = alertAll(heroesTurn(ascii, enemyCount, options));
    // End every hero's turn but the last without rolls, then the last triggers the monsters.
    while (s.turn) {
      const heroId = s.turn.unitId;
      const isLast = heroesInOrder(s).slice(-1)[0].id === heroId;
      if (isLast) return play(s, { type: 'end-turn', unit: heroId }, rolls);
      s = play(s, { type: 'end-turn', unit: heroId }).state;
    }
    throw new Error('no hero turn');
  }

  it('goblin axe wounds an adjacent hero on 5+, not on 4', () => {
    const hit = enemyPhase('#####\n#Fg.#\n#####', 1, [5]);
    expect(unit(hit.state, 'fighting-man-1').wounds).toBe(1);
    const miss = enemyPhase('#####\n#Fg.#\n#####', 1, [4]);
    expect(unit(miss.state, 'fighting-man-1').wounds).toBe(0);
  });

  it('troll: spear 4+ at range (its primary weapon: better chance), staying at spear range', () => {
    const { state, events } = enemyPhase('########\n#F...t.#\n########', 1, [4]);
    expect(unit(state, 'troll-1').position).toEqual({ x: 5, y: 1 }); // already in spear range: no move
    expect(events.some((e) => e.type === 'attacked' && e.weapon === 'spear' && e.hit)).toBe(true);
    const miss = enemyPhase('########\n#F...t.#\n########', 1, [3]);
    expect(unit(miss.state, 'fighting-man-1').wounds).toBe(0);
  });

  it('troll with a hero adjacent cannot throw its spear: it steps back to spear range when it can', () => {
    const { state, events } = enemyPhase('########\n#Ft....#\n########', 1, [4]);
    // Keeps the primary weapon's range: backs off to 2+ squares and throws.
    expect(unit(state, 'troll-1').position!.x).toBeGreaterThanOrEqual(3);
    expect(events.some((e) => e.type === 'attacked' && e.weapon === 'spear')).toBe(true);
  });

  it('troll boxed in next to a hero clubs it on 5+', () => {
    const { state, events } = enemyPhase('####\n#Ft#\n####', 1, [5]);
    expect(events.some((e) => e.type === 'attacked' && e.weapon === 'club' && e.hit)).toBe(true);
    expect(unit(state, 'fighting-man-1').wounds).toBe(1);
    const miss = enemyPhase('####\n#Ft#\n####', 1, [4]);
    expect(unit(miss.state, 'fighting-man-1').wounds).toBe(0);
  });

  it('dragon breathes fire (3+) at a distant hero and claws (4+) a different, adjacent hero in one turn', () => {
    const board = '#########\n#.....T.#\n#.......#\n#.....DF#\n#########';
    const { state, events } = enemyPhase(board, 1, [3, 4]);
    const attacks = events.filter((e) => e.type === 'attacked');
    expect(attacks.map((e) => e.type === 'attacked' && [e.weapon, e.target])).toEqual([
      ['fire', 'thief-1'],
      ['claws', 'fighting-man-1'],
    ]);
    expect(unit(state, 'thief-1').wounds).toBe(1);
    expect(unit(state, 'fighting-man-1').wounds).toBe(1);
  });

  it('dragon fire misses on 2, claws miss on 3; fire never at an adjacent hero', () => {
    const { events } = enemyPhase(
      '#########\n#.....T.#\n#.......#\n#.....DF#\n#########',
      1,
      [2, 3],
    );
    expect(events.filter((e) => e.type === 'attacked' && !e.hit)).toHaveLength(2);
    // Only one hero, adjacent: claws only.
    const lone = enemyPhase('####\n#FD#\n####', 1, [6]);
    const attacks = lone.events.filter((e) => e.type === 'attacked');
    expect(attacks).toHaveLength(1);
    expect(attacks[0].type === 'attacked' && attacks[0].weapon).toBe('claws');
  });

  it('enemies act in order: Arch Foe, then trolls, then goblins', () => {
    const s = boardGame('##########\n#g.t.D.g.#\n#........#\n####.#####\n#F.......#');
    const { events } = startWith(s, [4, 4, 4, 4]);
    expect(rollsOf(events).map((r) => r.unit)).toEqual([
      'dragon-1',
      'troll-1',
      'goblin-1',
      'goblin-2',
    ]);
  });
});

describe('Optional morale', () => {
  function goblinRollsOne(morale: boolean) {
    let s = alertAll(
      startWith(boardGame('#########\n#.Fg....#\n#########', { morale }), [4]).state,
    );
    return play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [1]);
  }

  it('a goblin rolling a 1 retreats 2 squares straight away from its foe, then is alerted again', () => {
    const { state, events } = goblinRollsOne(true);
    const goblin = unit(state, 'goblin-1');
    expect(goblin.position).toEqual({ x: 5, y: 1 });
    expect(goblin.ai!.status).toBe('alerted');
    const statuses = events.flatMap((e) =>
      e.type === 'status-changed' && e.unit === 'goblin-1' ? [e.to] : [],
    );
    expect(statuses).toEqual(['retreating', 'alerted']);
  });

  it('without the morale option a 1 is only a miss', () => {
    const { state } = goblinRollsOne(false);
    expect(unit(state, 'goblin-1').position).toEqual({ x: 3, y: 1 });
  });

  it('retreat bends around rock when the straight way is blocked', () => {
    let s = alertAll(
      startWith(boardGame('#######\n#.Fg#.#\n#.....#\n#######', { morale: true }), [4]).state,
    );
    const { state } = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [1]);
    const p = unit(state, 'goblin-1').position!;
    expect(p.y).toBe(2); // stepped diagonally down-right past the rock, then on
    expect(p.x).toBeGreaterThanOrEqual(4);
  });

  it('the dragon never retreats', () => {
    let s = alertAll(
      startWith(boardGame('########\n#FD....#\n########', { morale: true }), [4]).state,
    );
    const { state, events } = play(s, { type: 'end-turn', unit: 'fighting-man-1' }, [1]);
    expect(events.some((e) => e.type === 'attacked' && e.unit === 'dragon-1' && e.roll === 1)).toBe(
      true,
    );
    expect(events.some((e) => e.type === 'status-changed' && e.to === 'retreating')).toBe(false);
    expect(unit(state, 'dragon-1').ai!.status).toBe('alerted');
  });
});

describe('Priest healing', () => {
  function priestTurn(woundsOnFighter: number) {
    let s = heroesTurn('#######\n#FP..t#\n#######', 1);
    s = structuredClone({ ...s, map: undefined }) as never;
    (s as { map: unknown }).map = heroesTurn('#######\n#FP..t#\n#######', 1).map;
    unit(s, 'fighting-man-1').wounds = woundsOnFighter;
    return endTurnsUntil(s, 'priest-1');
  }

  it('heals an adjacent hero one wound on 3+, fails on 2, each try uses one of 3', () => {
    const s = priestTurn(2);
    const healed = play(s, { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' }, [3]);
    expect(unit(healed.state, 'fighting-man-1').wounds).toBe(1);
    expect(unit(healed.state, 'priest-1').heal!.usesLeft).toBe(2);
    const failed = play(s, { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' }, [2]);
    expect(unit(failed.state, 'fighting-man-1').wounds).toBe(2);
    expect(unit(failed.state, 'priest-1').heal!.usesLeft).toBe(2);
  });

  it('never above starting wounds, never himself, only adjacent, and only 3 times a game', () => {
    const healthy = priestTurn(0);
    expect(rejects(healthy, { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' })).toMatch(
      /not wounded/,
    );
    expect(rejects(healthy, { type: 'heal', unit: 'priest-1', target: 'priest-1' })).toMatch(
      /himself/,
    );
    const spent = priestTurn(3);
    unit(spent, 'priest-1').heal!.usesLeft = 0;
    expect(rejects(spent, { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' })).toMatch(
      /no healing left/,
    );
    const far = heroesTurn('#######\n#F.P.t#\n#######', 1);
    unit(far, 'fighting-man-1').wounds = 1;
    expect(
      rejects(endTurnsUntil(far, 'priest-1'), {
        type: 'heal',
        unit: 'priest-1',
        target: 'fighting-man-1',
      }),
    ).toMatch(/adjacent/);
  });

  it('healing is instead of attacking', () => {
    const s = priestTurn(1);
    const healed = play(s, { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' }, [6]).state;
    expect(healed.turn!.acted).toBe(true);
  });
});

describe('canAttack, the quick question', () => {
  // Walls, a pillar, adjacent and distant figures of both sides: most of the refusals
  // whyCannotAttack words, and the yeses.
  const HALL = `
##########
#F.t..#.D#
#.g....#.#
#M..P..t.#
#..#..T..#
##########
`;
  for (const version of [1, undefined]) {
    it(`says yes exactly where whyCannotAttack has no refusal (rules ${version ?? 'faithful'})`, () => {
      const state = heroesTurn(HALL, 4, {}, version);
      let yes = 0;
      let no = 0;
      for (const attacker of state.units)
        for (const target of state.units)
          for (const weapon of crawlWeapons(attacker)) {
            const refusal = whyCannotAttack(state, attacker, target, weapon);
            expect(canAttack(state, attacker, target, weapon)).toBe(refusal === null);
            if (refusal === null) yes++;
            else no++;
          }
      expect(yes).toBeGreaterThan(5);
      expect(no).toBeGreaterThan(50);
    });
  }
});
