// After `tsc -p tsconfig.build.json`: makes dist's declarations resolvable by every TypeScript setup a host may
// use, Node's ESM rules (moduleResolution node16/nodenext) included, which need full relative paths.
// - The sources import extensionless ('./client', './theme/AtendeRoot'), as Vite wants; each relative specifier
//   in dist/**/*.d.ts becomes the file it means ('./client/index.js', './theme/AtendeRoot.js').
// - A stylesheet's side-effect import (`import './X.css'`), which tsc keeps in some declarations, is dropped: types
//   need no stylesheet, and no TypeScript setup resolves one (the styles ship as ./styles.css).
// A specifier that resolves to no declaration file fails the build.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

function declarations(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarations(path);
    return name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The runtime specifier of a relative import: the .js of the declaration it means, or its index.js. */
function fullSpecifier(file, specifier) {
  if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier;
  const base = join(dirname(file), specifier);
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  throw new Error(`${relative(root, file)}: '${specifier}' resolves to no declaration file`);
}

for (const file of declarations(dist)) {
  const original = readFileSync(file, 'utf8');
  const text = original.replace(/^import ['"][^'"]+\.css['"];\r?\n/gm, '');
  // The compiler's own scan finds every import, export-from, import() type and reference in the file.
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const edits = importedFiles
    .filter(({ fileName }) => /^\.\.?(\/|$)/.test(fileName))
    .map(({ fileName, pos }) => {
      // `pos` is where the literal starts, at its quote or at its text.
      const start = text.startsWith(fileName, pos) ? pos : pos + 1;
      if (!text.startsWith(fileName, start)) throw new Error(`${relative(root, file)}: '${fileName}' not found where the compiler saw it`);
      return { pos: start, end: start + fileName.length, to: fullSpecifier(file, fileName) };
    })
    .filter(({ pos, end, to }) => text.slice(pos, end) !== to)
    .sort((a, b) => b.pos - a.pos);
  if (!edits.length) {
    if (text !== original) writeFileSync(file, text);
    continue;
  }
  let out = text;
  for (const { pos, end, to } of edits) out = out.slice(0, pos) + to + out.slice(end);
  writeFileSync(file, out);
}
