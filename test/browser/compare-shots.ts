/**
 * Compares two screenshots of the same screen block by block, in the page (the browser
 * decodes the PNGs; no image package needed). A block differs when many of its pixels
 * differ strongly: a few pixels of an idle animation or of antialiasing do not count, text
 * or a panel drawn on one picture and not on the other does.
 */
import type { Page } from 'playwright-core';

export interface ShotDifference {
  width: number;
  height: number;
  /** The block size in page pixels. */
  block: number;
  /** Blocks compared. */
  blocks: number;
  /** The blocks that differ, as page rectangles "x,y" of their top left corner. */
  differing: string[];
  /** A picture of the second screenshot with its differing blocks outlined (PNG, base64). */
  marked: string;
}

/**
 * Blocks of `block` x `block` pixels whose share of strongly differing pixels (a colour
 * channel apart by more than `channel` of 255) is above `share`. Both shots must have
 * the same size.
 */
export async function compareShots(
  page: Page,
  a: Buffer,
  b: Buffer,
  { block = 16, channel = 64, share = 0.12 } = {},
): Promise<ShotDifference> {
  return page.evaluate(
    async ({ a, b, block, channel, share }) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return { canvas, ctx, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height) };
      };
      const one = await decode(a);
      const two = await decode(b);
      const { width, height } = one.data;
      if (two.data.width !== width || two.data.height !== height)
        throw new Error(
          `the shots differ in size: ${width}x${height} and ${two.data.width}x${two.data.height}`,
        );
      const differing: string[] = [];
      let blocks = 0;
      for (let by = 0; by < height; by += block) {
        for (let bx = 0; bx < width; bx += block) {
          blocks++;
          let strong = 0;
          let pixels = 0;
          for (let y = by; y < Math.min(height, by + block); y++) {
            for (let x = bx; x < Math.min(width, bx + block); x++) {
              const i = (y * width + x) * 4;
              pixels++;
              for (let c = 0; c < 3; c++) {
                if (Math.abs(one.data.data[i + c] - two.data.data[i + c]) > channel) {
                  strong++;
                  break;
                }
              }
            }
          }
          if (strong > share * pixels) differing.push(`${bx},${by}`);
        }
      }
      two.ctx.strokeStyle = '#ff00ff';
      two.ctx.lineWidth = 2;
      for (const at of differing) {
        const [x, y] = at.split(',').map(Number);
        two.ctx.strokeRect(x + 1, y + 1, block - 2, block - 2);
      }
      const blob = await two.canvas.convertToBlob({ type: 'image/png' });
      const buffer = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < buffer.length; i += 0x8000)
        binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
      return { width, height, block, blocks, differing, marked: btoa(binary) };
    },
    { a: a.toString('base64'), b: b.toString('base64'), block, channel, share },
  );
}
