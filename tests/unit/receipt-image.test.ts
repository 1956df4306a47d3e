import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareImage } from '../../src/server/receipts/image.js';

/** A receipt photographed on a table: white paper with rows of print, and optionally a shadow band across it. */
async function photo(shadow: boolean | 'edge'): Promise<Buffer> {
  const rows: string[] = [];
  for (let y = 200; y < 1000; y += 40)
    for (let x = 280; x < 700; x += 22)
      if ((x * 7 + y) % 5) {
        // In the edge band, the print is what a blurred photo of small type leaves: thin, grey strokes.
        const faint = shadow === 'edge' && x >= 640;
        rows.push(`<rect x="${x}" y="${y}" width="${faint ? 5 : 14}" height="18" fill="${faint ? '#555' : '#111'}"/>`);
      }
  // 'edge': a band over the paper's right edge only, where a tenth of the print lies (x 640–730).
  const band =
    shadow === 'edge'
      ? '<rect x="640" y="0" width="360" height="1200" fill="#000" fill-opacity="0.5"/>'
      : shadow
        ? '<polygon points="0,0 620,0 420,1200 0,1200" fill="#000" fill-opacity="0.45"/>'
        : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1200">
    <rect width="1000" height="1200" fill="#8a8a8a"/><rect x="250" y="150" width="480" height="900" fill="#fafafa"/>${rows.join('')}${band}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

describe('cropping a photo to its paper', () => {
  it('drops the table around the receipt', async () => {
    const image = await prepareImage(await photo(false));
    expect(image.width).toBeLessThan(650);
    expect(image.width).toBeGreaterThan(480);
    expect(image.height).toBeLessThan(1100);
  });

  it('keeps the print a shadow darkens: half the paper in shade is not cut away', async () => {
    const image = await prepareImage(await photo(true));
    // The print spans x 280–700 of the 1000 px photo: nothing of it may be lost.
    expect(image.width).toBeGreaterThanOrEqual(480);
    expect(image.height).toBeGreaterThanOrEqual(900);
  });

  it('keeps the print in a shadow band over the paper\'s edge, though most of the print is lit', async () => {
    const image = await prepareImage(await photo('edge'));
    // The paper spans x 250–730; cut at the band (x 640), the copy would be about 410 px wide.
    expect(image.width).toBeGreaterThanOrEqual(480);
    // Still a crop: the table on the left is dropped.
    expect(image.width).toBeLessThan(700);
  });
});
