import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildResources, CORE_NAMESPACES, i18n, LANGUAGES, LATER_NAMESPACES, NAMESPACE_NEEDS } from './i18n.ts';

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  const resources = buildResources();

  it('has Indonesian and English with the same namespaces', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(resources.en ?? {}).sort()).toEqual(Object.keys(resources.id ?? {}).sort());
    for (const namespace of ['common', 'shell', 'auth', 'dashboard', 'routes', 'errors', 'validation', 'menu']) {
      expect(resources.id).toHaveProperty(namespace);
    }
  });

  it('has every key in both languages', () => {
    const problems: string[] = [];
    for (const namespace of Object.keys(resources.id ?? {})) {
      const id = new Set(flatKeys(resources.id?.[namespace]));
      const en = new Set(flatKeys(resources.en?.[namespace]));
      for (const key of id) if (!en.has(key)) problems.push(`${namespace}:${key} missing in en`);
      for (const key of en) if (!id.has(key)) problems.push(`${namespace}:${key} missing in id`);
    }
    expect(problems).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty: string[] = [];
    for (const language of LANGUAGES) {
      for (const [namespace, content] of Object.entries(resources[language] ?? {})) {
        const visit = (value: unknown, path: string) => {
          if (typeof value === 'string') {
            if (value.trim() === '') empty.push(`${language}/${namespace}:${path}`);
          } else if (typeof value === 'object' && value !== null) {
            for (const [key, child] of Object.entries(value)) visit(child, path ? `${path}.${key}` : key);
          }
        };
        visit(content, '');
      }
    }
    expect(empty).toEqual([]);
  });

  it('defaults to Indonesian and falls back to it', () => {
    expect(i18n.options.fallbackLng).toEqual(['id']);
    expect(i18n.t('common:screenNotBuilt', { route: '/sales', lng: 'id' })).toBe('Layar ini belum dibuat: /sales');
    expect(i18n.t('errors:OTP_INVALID', { lng: 'en' })).toBe('Wrong OTP code.');
  });
});

/** Every source file of the app (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/u.test(name) && !/\.test\.tsx?$/u.test(name) ? [file] : [];
  });
}

describe('texts loaded per namespace (ADR 0048)', () => {
  it('loads with each file’s namespaces every namespace the file reads with a prefix', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const problems: string[] = [];
    for (const file of sources(src)) {
      const code = readFileSync(file, 'utf8');
      const own = [...code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/gu)].flatMap((match) =>
        [...(match[1] ?? '').matchAll(/'([a-z-]+)'/gu)].map((ns) => ns[1] ?? ''),
      );
      own.push(...[...code.matchAll(/getFixedT\([^,]+,\s*'([a-z-]+)'/gu)].map((match) => match[1] ?? ''));
      // The later namespaces are there before any screen but the sign-in page is drawn, and there before a check (ADR 0064).
      const available = new Set<string>([
        ...CORE_NAMESPACES,
        ...LATER_NAMESPACES,
        ...own,
        ...own.flatMap((ns) => NAMESPACE_NEEDS[ns] ?? []),
      ]);
      for (const match of code.matchAll(/\bt\(\s*['`"]([a-z-]+):/gu)) {
        const ns = match[1] ?? '';
        if (!available.has(ns)) problems.push(`${path.relative(src, file)} reads ${ns}: without loading it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('groups the same core and later namespaces in the build as it loads together', () => {
    const config = readFileSync(path.resolve(import.meta.dirname, '../../vite.config.ts'), 'utf8');
    const listed = (name: string) =>
      [...(new RegExp(`const ${name} = \\[([^\\]]*)\\]`, 'u').exec(config)?.[1] ?? '').matchAll(/'([a-z-]+)'/gu)].map((match) => match[1]);
    expect(listed('CORE_TEXTS')).toEqual([...CORE_NAMESPACES]);
    expect(listed('LATER_TEXTS')).toEqual([...LATER_NAMESPACES]);
  });

  it('names only namespaces that exist', () => {
    const resources = buildResources();
    for (const ns of [...CORE_NAMESPACES, ...LATER_NAMESPACES, ...Object.keys(NAMESPACE_NEEDS), ...Object.values(NAMESPACE_NEEDS).flat()])
      expect(resources.id).toHaveProperty(ns);
  });
});
