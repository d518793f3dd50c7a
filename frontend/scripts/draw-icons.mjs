#!/usr/bin/env node
/**
 * Draws the app's icons from one drawing: two crossed foils (tip, blade, guard, grip, pommel) on a slate tile.
 * `any` icons keep rounded corners; the maskable one fills its square and keeps the blades inside the
 * central 80 % safe zone, so every launcher's mask (circle, squircle) shows them whole.
 *
 *   node frontend/scripts/draw-icons.mjs    (from the repository root; writes frontend/public/icons/)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const TILE = '#0f172a';

/** The blades on a 32-unit grid, scaled to `inner` units of a `size`-unit square and centred. */
function drawing({ size, inner, rounded }) {
  const offset = (size - inner) / 2;
  const scale = inner / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${TILE}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" stroke="#fff" fill="#fff" stroke-linecap="round">
    ${[false, true]
      .map(
        (mirrored) => `<g${mirrored ? ' transform="matrix(-1 0 0 1 32 0)"' : ''}>
      <path d="M9.5 22.5 25 7" stroke-width="1.6"/>
      <path d="M7.2 20.2 11.8 24.8" stroke-width="2.4"/>
      <path d="M9.5 22.5 6.8 25.2" stroke-width="2.6"/>
      <circle cx="6.1" cy="25.9" r="1.4" stroke="none"/>
      <circle cx="25.2" cy="6.8" r="1.1" stroke="none"/>
    </g>`,
      )
      .join('')}
  </g>
</svg>`;
}

mkdirSync(out, { recursive: true });
const icons = [
  { file: 'piste.svg', size: 512, inner: 512, rounded: true },
  { file: 'piste-192.png', size: 192, inner: 192, rounded: true },
  { file: 'piste-512.png', size: 512, inner: 512, rounded: true },
  { file: 'piste-maskable-512.png', size: 512, inner: 340, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, inner: 150, rounded: false },
];
for (const icon of icons) {
  const svg = drawing(icon);
  if (icon.file.endsWith('.svg')) writeFileSync(join(out, icon.file), svg);
  else
    await sharp(Buffer.from(svg))
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toFile(join(out, icon.file));
}
console.log(`Drew ${icons.length} icons in ${out}`);
