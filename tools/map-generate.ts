/**
 * map:generate — writes a generated board as a Tiled map (.tmj) drawn with the built-in
 * tileset, ready for the game, for `npm run map:check` and for Tiled.
 *
 *   npm run map:generate -- --seed S [--size large|small] [--shape SHAPE]
 *                           [--kind skirmish|sheet|chessboard] --out FILE.tmj [--log]
 *
 * skirmish (the default): a random battlefield by solitaire-gaming-rules VII, large
 * (6x4ft = 72 x 48 squares, or --shape 3x3ft = 36 x 36) or small (2x2ft = 24 x 24, or
 * --shape 10x8in = 10 x 8). sheet and chessboard: the boards of
 * solo-miniatures-dungeon-crawl section 1 (8 x 10 and 8 x 8; --size does not apply).
 * The same seed always writes the same file. --log prints every roll.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BATTLEFIELD_SHAPES, type Battlefield } from '../src/engine/rulesets/skirmish/battlefield';
import type {
  BattlefieldScale,
  BattlefieldShape,
} from '../src/engine/rulesets/skirmish/battlefield';
import type { FeatureKind } from '../src/engine/systems/boards';
import { boardKinds, boardToTiledText, generateBoard, type BoardKind } from '../src/maps/index';

const USAGE =
  'Usage: npm run map:generate -- --seed S [--size large|small] [--shape ' +
  `${Object.keys(BATTLEFIELD_SHAPES).join('|')}] [--kind ${boardKinds().join('|')}] --out FILE.tmj [--log]`;

class UsageError extends Error {}

interface Args {
  seed: number;
  kind: BoardKind;
  scale: BattlefieldScale;
  shape?: BattlefieldShape;
  out: string;
  log: boolean;
}

function parseArgs(argv: string[]): Args {
  let seed: number | undefined;
  let kind: BoardKind = 'skirmish';
  let scale: BattlefieldScale | undefined;
  let shape: BattlefieldShape | undefined;
  let out: string | undefined;
  let log = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') ? argv[i].split('=', 2) : [argv[i]];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value. ${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--seed': {
        const v = value();
        if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v)))
          throw new UsageError(`--seed needs a whole number, not "${v}". ${USAGE}`);
        seed = Number(v);
        break;
      }
      case '--size': {
        const v = value();
        if (v !== 'large' && v !== 'small')
          throw new UsageError(`--size is large or small, not "${v}". ${USAGE}`);
        scale = v;
        break;
      }
      case '--shape': {
        const v = value();
        if (!(v in BATTLEFIELD_SHAPES))
          throw new UsageError(
            `--shape is one of ${Object.keys(BATTLEFIELD_SHAPES).join(', ')}, not "${v}".`,
          );
        shape = v as BattlefieldShape;
        break;
      }
      case '--kind': {
        const v = value();
        if (!boardKinds().includes(v))
          throw new UsageError(`--kind is one of ${boardKinds().join(', ')}, not "${v}".`);
        kind = v as BoardKind;
        break;
      }
      case '--out':
      case '-o':
        out = value();
        break;
      case '--log':
        log = true;
        break;
      case '--help':
      case '-h':
        throw new UsageError(USAGE);
      default:
        throw new UsageError(`Unknown argument ${argv[i]}. ${USAGE}`);
    }
  }
  if (seed === undefined) throw new UsageError(`No --seed given. ${USAGE}`);
  if (out === undefined) throw new UsageError(`No --out file given. ${USAGE}`);
  if (shape && scale && BATTLEFIELD_SHAPES[shape].scale !== scale) {
    throw new UsageError(`The shape ${shape} is a ${BATTLEFIELD_SHAPES[shape].scale} battlefield.`);
  }
  if (kind !== 'skirmish' && (scale || shape)) {
    throw new UsageError(`--size and --shape are for skirmish battlefields, not the ${kind}.`);
  }
  return {
    seed,
    kind,
    scale: scale ?? (shape ? BATTLEFIELD_SHAPES[shape].scale : 'large'),
    shape,
    out,
    log,
  };
}

/** "Features: 1200 open, 300 building, ..." in the order of the most squares. */
function featureCounts(features: readonly FeatureKind[]): string {
  const counts = new Map<FeatureKind, number>();
  for (const f of features) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([f, n]) => `${n} ${f}`)
    .join(', ');
}

function main(argv: string[]): number {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`map:generate: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const board = generateBoard({
    kind: args.kind,
    seed: args.seed,
    scale: args.scale,
    shape: args.shape,
  });
  const text = boardToTiledText(board);
  try {
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, text);
  } catch (e) {
    const why = e instanceof Error && 'code' in e ? ` (${String(e.code)})` : '';
    process.stderr.write(`map:generate: cannot write ${args.out}${why}.\n`);
    return 1;
  }
  const { map } = board;
  const lines = [`Wrote ${args.out}`, `  ${map.name}: ${map.width} x ${map.height} squares`];
  lines.push(`  Features: ${featureCounts(board.features)}`);
  if (board.breaches.length > 0)
    lines.push(`  Rubble breaches joining cut-off ground: ${board.breaches.length}`);
  if (args.log && 'log' in board) lines.push(...(board as Battlefield).log.map((l) => `  ${l}`));
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
