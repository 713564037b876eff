// Regenerates every committed file in assets/ (art + sound).
// Setup (once):   apt-get install crawl-tiles-data vorbis-tools lame sox
//                 mkdir -p /tmp/assettools && cd /tmp/assettools && npm init -y &&
//                 npm install sharp @resvg/resvg-js @iconify-json/game-icons
// Run:            node tools/assets/build-all.mjs
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const script of ['build-tiles.mjs', 'build-sprites.mjs', 'build-icons.mjs', 'build-title.mjs', 'make-sounds.mjs']) {
  console.log(`== ${script}`);
  execFileSync(process.execPath, [path.join(here, script)], { stdio: 'inherit' });
}
