/**
 * Winning and losing (solo rules, section 5). The heroes lose when all are down; they
 * win by the scenario's condition: the Arch Foe slain (Dungeon Crawl), every enemy,
 * only the Minion Teams, holding a spot, defeating a number of enemies in 1d6+4 turns,
 * or carrying an object home.
 */
import { isSamePoint } from '../grid';
import type { Side } from '../types';
import { isArchFoe, livingUnits } from '../world';
import { emit, type Context } from './context';

export function endGame(ctx: Context, winner: Side, reason: string): void {
  if (ctx.state.outcome) return;
  ctx.state.outcome = { winner, reason };
  ctx.state.phase = 'over';
  ctx.state.turn = null;
  emit(ctx, {
    type: 'game-over',
    winner,
    reason,
    text: winner === 'heroes' ? `Victory! ${reason}` : `Defeat. ${reason}`,
  });
}

/** Checks the conditions that can be met at any moment. */
export function checkVictory(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  if (livingUnits(state, 'heroes').length === 0) {
    endGame(ctx, 'enemies', 'Every hero has fallen.');
    return;
  }
  const enemies = livingUnits(state, 'enemies');
  const hadArchFoe = state.units.some(isArchFoe);
  switch (state.options.victory) {
    case 'arch-foe':
      if (hadArchFoe ? !enemies.some(isArchFoe) : enemies.length === 0) {
        endGame(ctx, 'heroes', hadArchFoe ? 'The Arch Foe is slain.' : 'Every enemy is defeated.');
      }
      return;
    case 'all-enemies':
      if (enemies.length === 0) endGame(ctx, 'heroes', 'Every enemy is defeated.');
      return;
    case 'minions':
      if (!enemies.some((e) => !isArchFoe(e)))
        endGame(ctx, 'heroes', 'Every Minion Team is defeated.');
      return;
    case 'defeat-count':
      if (state.objective.enemiesDefeated >= state.options.defeatCount) {
        endGame(ctx, 'heroes', `${state.options.defeatCount} enemies defeated in time.`);
      }
      return;
    case 'carry-object': {
      const carrier = state.objective.object?.carrier;
      const hero = carrier ? state.units.find((u) => u.id === carrier) : undefined;
      if (hero?.position && state.objective.home.some((p) => isSamePoint(p, hero.position!))) {
        endGame(ctx, 'heroes', `The ${hero.name} brings the relic home.`);
      }
      return;
    }
    case 'hold':
      return;
  }
}

/** Checks the conditions counted in whole rounds; runs when the heroes' phase ends. */
export function checkEndOfRound(ctx: Context): void {
  const state = ctx.state;
  if (state.outcome) return;
  if (state.options.victory === 'hold') {
    const holding = livingUnits(state, 'heroes').some((h) =>
      state.objective.goal.some((p) => isSamePoint(p, h.position)),
    );
    state.objective.heldRounds = holding ? state.objective.heldRounds + 1 : 0;
    if (holding) {
      emit(ctx, {
        type: 'objective',
        what: 'held',
        unit: null,
        at: null,
        text: `The heroes hold the spot (${state.objective.heldRounds} of ${state.options.holdTurns} turns).`,
      });
    }
    if (state.objective.heldRounds >= state.options.holdTurns) {
      endGame(ctx, 'heroes', `The heroes held the spot for ${state.options.holdTurns} turns.`);
      return;
    }
  }
  if (state.options.victory === 'defeat-count' && state.objective.turnLimit !== null) {
    if (state.round >= state.objective.turnLimit) {
      endGame(
        ctx,
        'enemies',
        `Time ran out: ${state.objective.enemiesDefeated} of ${state.options.defeatCount} enemies defeated.`,
      );
      return;
    }
  }
  if (state.round >= state.options.maxRounds) {
    endGame(ctx, 'enemies', `The heroes did not prevail within ${state.options.maxRounds} rounds.`);
  }
}
