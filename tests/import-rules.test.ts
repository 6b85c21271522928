import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The blueprint's import rules, checked on every source file.
const ROOT = resolve(__dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"`]([^'"`$]+)['"`]|^import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]).filter(Boolean);
}

/** Repository-relative target of a relative import, without extension or /index. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(dirname(file), specifier)).split(sep).join('/').replace(/\.(tsx?|json)$/, '').replace(/\/index$/, '');
}

const CORE_ENTRY_POINTS = /^core\/(plugin-api|shared)(\/|$)|^core\/(web|server|engine|engine\/persistence)$/;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function violations(files: string[], rule: (from: string, to: string) => string | null): string[] {
  return files.flatMap((file) =>
    importsOf(file).flatMap((specifier) => {
      const to = target(file, specifier);
      const problem = to === null ? null : rule(relative(ROOT, file).split(sep).join('/'), to);
      return problem ? [`${relative(ROOT, file)} imports ${specifier}: ${problem}`] : [];
    }),
  );
}

describe('import rules', () => {
  it('plugins import only core entry points and other plugins\' shared/', () => {
    const files = sourceFiles(join(ROOT, 'plugins')).filter((file) => !isTest(file));
    const found = violations(files, (from, to) => {
      const own = from.split('/')[1];
      if (to.startsWith('core/') && !CORE_ENTRY_POINTS.test(to)) return 'core internals (use core/plugin-api, core/shared, core/web, core/server, core/engine or core/engine/persistence)';
      const other = /^plugins\/([^/]+)\/(web|server)(\/|$)/.exec(to);
      if (other && other[1] !== own) return `another plugin's ${other[2]}/`;
      return null;
    });
    expect(found).toEqual([]);
  });

  it('core never imports plugins; core/shared and core/plugin-api stay isomorphic', () => {
    const files = sourceFiles(join(ROOT, 'core')).filter((file) => !isTest(file));
    const found = violations(files, (from, to) => {
      if (to.startsWith('plugins/')) return 'a plugin (plugins are found through the site config)';
      if (/^core\/(shared|plugin-api)\//.test(from) && /^core\/(web|server|engine)(\/|$)/.test(to)) return 'web/server code from an isomorphic module';
      if (from.startsWith('core/web/') && /^core\/server(\/|$)/.test(to)) return 'server code from the web shell';
      if (from.startsWith('core/server/') && /^core\/web(\/|$)/.test(to)) return 'web code from the server';
      return null;
    });
    expect(found).toEqual([]);
  });

  it('the engine is pure: outside its persistence folder it imports no platform module, database or server code', () => {
    const files = sourceFiles(join(ROOT, 'core', 'engine')).filter((file) => !isTest(file) && !file.includes(`${sep}persistence${sep}`));
    const impure = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => /^(node:|fs$|path$|crypto$|react|fastify|kysely|better-sqlite3|pg$)/.test(specifier) || /core\/(server|web)|\/persistence/.test(specifier))
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    expect(impure).toEqual([]);
  });

  it('core/shared imports no platform module', () => {
    const files = sourceFiles(join(ROOT, 'core', 'shared')).filter((file) => !isTest(file));
    const platform = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => /^(node:|fs$|path$|react|fastify|kysely)/.test(specifier))
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    expect(platform).toEqual([]);
  });
});
