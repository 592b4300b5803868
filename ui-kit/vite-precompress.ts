import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What a browser downloads that compresses: text, icons and fonts that are not compressed already (woff and woff2 are). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|ttf|otf|map)$/;
/**
 * Source maps, which only developer tools fetch, at the levels a server compressing on the fly would use (brotli 5,
 * gzip 6): 10% larger than at the highest levels, but the console's 15 MB of them take 1 to 2 s instead of 45 s.
 */
const FAST = /\.map$/;

export interface PrecompressReport {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of a
 * build, whatever its size, when smaller than the file (source maps at lower levels: FAST): the API serves them by
 * the client's Accept-Encoding (api/src/common/http/built-files.ts), nginx's gzip_static the `.gz` ones. Done once at
 * build time, at the highest levels, where a server compressing on the fly picks low levels to keep CPU for
 * requests: brotli 11 is about 15% smaller than gzip.
 */
export function precompressDir(dir: string): PrecompressReport {
  const report: PrecompressReport = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.test(name)) continue;
      // Every size: a small chunk's copy is still smaller (a 600-byte chunk goes as 350), and the API compresses nothing
      // under 1 kB on the fly, so without a copy it would go uncompressed.
      const data = readFileSync(path);
      const fast = FAST.test(name);
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      const gz = gzipSync(data, { level: fast ? 6 : 9 });
      report.files++;
      report.bytes += data.length;
      report.brotli += Math.min(br.length, data.length);
      report.gzip += Math.min(gz.length, data.length);
      if (br.length < data.length) writeFileSync(`${path}.br`, br);
      if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
    }
  };
  walk(dir);
  return report;
}

/** The Vite plugin: precompresses the build's output folder once everything is written (after other plugins' writeBundle). */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'atende:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle() {
      const r = precompressDir(outDir);
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      log(`precompressed ${r.files} files (source maps too) of ${kb(r.bytes)}: ${kb(r.brotli)} brotli (.br), ${kb(r.gzip)} gzip (.gz)`);
    },
  };
}
