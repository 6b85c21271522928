import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileForms, DEFAULT_SOURCE_DIR, FormCompileError } from './compile-forms';

let root: string;
let sourceDir: string;
let outDir: string;

const NOTE = {
  schema: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', maxLength: 5 },
      amount: { type: 'string', pattern: '^\\d+(\\.\\d{1,8})?$' },
      when: { type: 'string', format: 'date' },
      tags: { type: 'array', items: { enum: [{ a: 1 }, { b: 2 }] }, uniqueItems: true },
      kind: { oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] },
    },
  },
  uiSchema: { title: { 'ui:title': 'demo:form.title' } },
};

function writeForm(name: string, body: unknown) {
  writeFileSync(join(sourceDir, name), typeof body === 'string' ? body : JSON.stringify(body));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'compile-forms-'));
  sourceDir = join(root, 'schemas');
  outDir = join(root, 'out');
  mkdirSync(sourceDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('compileForms', () => {
  it('writes a validator module, its types, the form module and the lazy registry', () => {
    writeForm('demo.note.json', NOTE);
    const result = compileForms({ sourceDir, outDir });
    expect(result.forms).toEqual(['demo.note']);
    expect(result.written.sort()).toEqual(['demo.note.ts', 'demo.note.validator.d.ts', 'demo.note.validator.js', 'index.ts']);

    const registry = readFileSync(join(outDir, 'index.ts'), 'utf8');
    expect(registry).toContain(`"demo.note": () => import('./demo.note')`);
    const form = readFileSync(join(outDir, 'demo.note.ts'), 'utf8');
    expect(form).toContain('createPrecompiledValidator(');
    expect(form).toContain('"ui:title": "demo:form.title"');
    expect(form).toContain(`export const id = "demo.note";`);
  });

  it('emits validator code with no eval, no new Function and no CommonJS require', () => {
    writeForm('demo.note.json', NOTE);
    compileForms({ sourceDir, outDir });
    const code = readFileSync(join(outDir, 'demo.note.validator.js'), 'utf8');
    expect(code).toMatch(/export const validate0 = /);
    expect(code).not.toMatch(/new Function|\beval\(|require\(/);
    // The runtime helpers are ESM imports or inline code.
    expect(code).toContain('from "ajv-formats/dist/formats.js"');
    expect(code).toContain('function __ucs2length');
  });

  it('the generated validators validate (code points, formats, enum of objects)', async () => {
    writeForm('demo.note.json', NOTE);
    compileForms({ sourceDir, outDir });
    const fns = (await import(join(outDir, 'demo.note.validator.js'))) as Record<string, (data: unknown) => boolean>;
    const validate = fns.validate0;
    expect(validate({ title: '🙂🙂🙂🙂🙂', amount: '1.5', when: '2024-02-29', tags: [{ a: 1 }] })).toBe(true);
    expect(validate({ title: 'abcdef' })).toBe(false);
    expect(validate({ title: 'a', when: '2023-02-29' })).toBe(false);
    expect(validate({ title: 'a', amount: '1.123456789' })).toBe(false);
    expect(validate({ title: 'a', tags: [{ a: 1 }, { a: 1 }] })).toBe(false);
  });

  it('is deterministic and rewrites only changed files; removes outputs of deleted forms', () => {
    writeForm('demo.note.json', NOTE);
    compileForms({ sourceDir, outDir });
    const before = statSync(join(outDir, 'demo.note.validator.js')).mtimeMs;
    const again = compileForms({ sourceDir, outDir });
    expect(again.written).toEqual([]);
    expect(statSync(join(outDir, 'demo.note.validator.js')).mtimeMs).toBe(before);

    writeForm('demo.other.json', { schema: { type: 'object', properties: { a: { type: 'number' } } } });
    const added = compileForms({ sourceDir, outDir });
    expect(added.written.sort()).toEqual(['demo.other.ts', 'demo.other.validator.d.ts', 'demo.other.validator.js', 'index.ts']);

    rmSync(join(sourceDir, 'demo.other.json'));
    const removed = compileForms({ sourceDir, outDir });
    expect(removed.removed.sort()).toEqual(['demo.other.ts', 'demo.other.validator.d.ts', 'demo.other.validator.js']);
    expect(existsSync(join(outDir, 'demo.other.ts'))).toBe(false);
  });

  it('rejects a schema that does not compile, naming the file', () => {
    writeForm('demo.broken.json', { schema: { type: 'object', properties: { a: { type: 'strin' } } } });
    expect(() => compileForms({ sourceDir, outDir })).toThrow(FormCompileError);
    expect(() => compileForms({ sourceDir, outDir })).toThrow(/demo\.broken\.json: schema does not compile/);
  });

  it.each(['Demo.note', 'demo', 'demo.note.extra', '1demo.note', 'demo_x.note'])('rejects the bad id %s', (id) => {
    writeForm(`${id}.json`, NOTE);
    expect(() => compileForms({ sourceDir, outDir })).toThrow(new RegExp(`${id.replace(/\./g, '\\.')}\\.json: form id`));
  });

  it('rejects a file that is not JSON or has no schema', () => {
    writeForm('demo.bad.json', '{ nope');
    expect(() => compileForms({ sourceDir, outDir })).toThrow(/demo\.bad\.json: not valid JSON/);
    writeForm('demo.bad.json', { uiSchema: {} });
    expect(() => compileForms({ sourceDir, outDir })).toThrow(/demo\.bad\.json: must be an object with a "schema"/);
  });

  it('compiles every form of the real schemas/forms folder', () => {
    const result = compileForms({ sourceDir: DEFAULT_SOURCE_DIR, outDir });
    expect(result.forms).toContain('example-notes.note');
  });
});
