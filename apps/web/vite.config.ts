import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server; KELOLA_API_URL points the dev and preview servers elsewhere.
const apiTarget = process.env.KELOLA_API_URL ?? 'http://localhost:3000';
const contractsLocales = fileURLToPath(new URL('../../packages/contracts/locales', import.meta.url));

type ModuleGraph = {
  getModuleInfo: (id: string) => { importedIds: readonly string[]; importers?: readonly string[]; code?: string | null } | null;
};

/**
 * The first screens in few requests (ADR 0044): what the entry, the sign-in page or the signed-in shell import
 * statically (antd's parts, icons, the app's own helpers) goes into one chunk per tier instead of dozens of small
 * shared chunks; what only screens use is left to the automatic split (per screen, shared between screens). A
 * module's tier is the first of `shell` (reached from main.tsx), `auth` (from the sign-in page) and `app` (from the
 * signed-in layout) whose static imports reach it.
 */
const src = fileURLToPath(new URL('./src', import.meta.url));
const TIER_ROOTS: [tier: string, roots: () => string[]][] = [
  ['shell', () => [path.join(src, 'main.tsx')]],
  ['auth', () => [path.join(src, 'features/auth/screens/login/login-screen.tsx')]],
  // app-holders (message, notification, modal) is a chunk of its own, loaded at the first input (ADR 0053).
  // With it, the empty state that lists, selects and tables draw (`Empty`, in the tier for the side menu's search): left
  // alone, it became a chunk of its own on the dashboard once the top bar's Select was loaded lazily (ADR 0059).
  // Likewise antd's Spin (lists and cards draw it), whose component left the first chunk with the page loader's plain
  // spinner (ADR 0063). And `useCan` with the contracts' menu list, which most signed-in screens read: left alone,
  // two small chunks of their own on the dashboard, which loads the later texts' chunk since ADR 0064.
  [
    'app',
    () => [
      path.join(src, 'app/layouts/main-layout.tsx'),
      path.join(src, 'components/use-can.ts'),
      path.join(modules, 'antd/es/config-provider/defaultRenderEmpty.js'),
      path.join(modules, 'antd/es/spin/index.js'),
    ],
  ],
];
const modules = fileURLToPath(new URL('../../node_modules', import.meta.url));
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/gu, '$1-$2').toLowerCase();
/**
 * Barrels re-export a whole library: walking through them would put every component in the first tier. An import of
 * `antd` or `@ant-design/icons` is followed to the components it names instead.
 */
const BARRELS: [pattern: RegExp, file: (name: string) => string | null][] = [
  [/[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/u, (name) => path.join(modules, 'antd/es', kebab(name), 'index.js')],
  [
    /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/u,
    (name) => path.join(modules, '@ant-design/icons/es/icons', `${name}.js`),
  ],
];
const BARREL_SOURCES: Record<string, RegExp> = {
  0: /import\s*\{([^}]*)\}\s*from\s*["']antd["']/gu,
  1: /import\s*\{([^}]*)\}\s*from\s*["']@ant-design\/icons["']/gu,
};
/** The modules `id` imports statically, with barrels replaced by the components it names from them. */
function importsOf(info: { importedIds: readonly string[]; code?: string | null }): string[] {
  const found: string[] = [];
  for (const imported of info.importedIds) {
    const barrel = BARRELS.findIndex(([pattern]) => pattern.test(imported));
    if (barrel < 0) {
      found.push(imported);
      continue;
    }
    const source = BARREL_SOURCES[barrel];
    if (!source || !info.code) continue;
    for (const match of info.code.matchAll(source))
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/u)[0]
          ?.trim();
        const file = name ? BARRELS[barrel]?.[1](name) : null;
        if (file && fs.existsSync(file)) found.push(file);
      }
  }
  return found;
}
let tiers: Map<string, string> | null = null;
/** The other anonymous screens (sign-up, password reset): they load the sign-in page's chunk anyway. */
const AUTH_FEATURE = /[\\/]src[\\/]features[\\/]auth[\\/]/u;
function tierOf(id: string, graph: ModuleGraph): string | null {
  if (!tiers) {
    const found = new Map<string, string>();
    for (const [tier, roots] of TIER_ROOTS) {
      const queue = roots();
      while (queue.length > 0) {
        const next = queue.pop() as string;
        if (found.has(next)) continue;
        const info = graph.getModuleInfo(next);
        if (!info) continue;
        found.set(next, tier);
        queue.push(...importsOf(info));
      }
    }
    // What the sign-in page shares with the rest (the signed-in layout, a screen: the plain form, the API client,
    // antd's input styles a date picker needs too) goes to the first chunk, its dependencies along: a signed-in page
    // then does without the sign-in page's chunk, and the sign-in page loads the same bytes (ADR 0058).
    const authRoots = new Set(TIER_ROOTS.find(([tier]) => tier === 'auth')?.[1]() ?? []);
    for (const [id, tier] of found) {
      if (tier !== 'auth' || authRoots.has(id)) continue;
      const importers = graph.getModuleInfo(id)?.importers ?? [];
      if (importers.some((importer) => found.get(importer) !== 'auth' && !AUTH_FEATURE.test(importer))) found.set(id, 'shell');
    }
    tiers = found;
  }
  if (id.includes('\0') || /\.json$/u.test(id)) return null;
  const tier = tiers.get(id);
  return tier ? `ui-${tier}` : null;
}

// lib/i18n.ts CORE_NAMESPACES and LATER_NAMESPACES (not imported: the config runs in Node, i18n.ts in the browser).
const CORE_TEXTS = ['common', 'routes'];
const LATER_TEXTS = ['validation', 'errors', 'shell'];

// Vendor groups keep the entry chunk small (budget: entry JS ≤ 200 KB gzip, ARCHITECTURE §10).
const vendorGroups = [
  // The core namespaces of each language (lib/i18n.ts CORE_NAMESPACES) as one chunk, loaded before the first render;
  // the later ones (checks, failures, the signed-in shell) as another, loaded before any screen but the sign-in page
  // and there at the first input (ADR 0064); every other namespace is a chunk of its own, loaded when a screen asks
  // for it (ADR 0048).
  {
    name: (id: string) => {
      const match = /[\\/]locales[\\/](id|en)[\\/]([a-z0-9-]+)\.json$/u.exec(id);
      if (!match) return null;
      const namespace = match[2] ?? '';
      if (CORE_TEXTS.includes(namespace)) return `texts-${match[1]}`;
      // Named groups for the others too: left alone, they were merged into the chunk of lib/i18n.ts.
      return LATER_TEXTS.includes(namespace) ? `texts-${match[1]}-later` : `texts-${match[1]}-${namespace}`;
    },
    priority: 50,
  },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/u, priority: 40 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router)[\\/]/u, priority: 30 },
  { name: 'query', test: /[\\/]node_modules[\\/](@tanstack)[\\/]/u, priority: 10 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/u, priority: 10 },
  // antd's Row and Col with their `antd/es/row` and `antd/es/col` entry modules (a few bytes each): left alone, the
  // entries became a chunk of their own next to the grid's, one request more for the dashboard's cards (ADR 0059).
  { name: 'grid', test: /[\\/]node_modules[\\/]antd[\\/]es[\\/](grid|row|col)[\\/]/u, priority: 1 },
  // One group per tier, the first tier first: a group takes its modules' dependencies along, so the shell must
  // choose before the signed-in layout does.
  ...['ui-shell', 'ui-auth', 'ui-app'].map((tier, index) => ({
    name: (id: string, graph: ModuleGraph) => (tierOf(id, graph) === tier ? tier : null),
    priority: 7 - index,
  })),
];

/**
 * Package indexes that attach or re-export more than the antd module importing them uses, pointed at the module it
 * needs (the same module, so the same component or context as through the index; other importers still get the index).
 *
 * - antd's form context (imported by Input, Select, Checkbox … for their status) takes only `FormProvider` from
 *   @rc-component/form, but that package's index attaches Field, List and useForm to its default export, which keeps
 *   the whole of rc-form and async-validator in every chunk that draws an input (ADR 0053).
 * - antd's `Input` takes only the default export (rc-input's Input) of @rc-component/input, whose index also exports
 *   `TextArea` with its auto-size code: kept by its top-level `forwardRef`, it was in the first chunk (ADR 0059).
 */
const NARROW_IMPORTS: [importer: RegExp, source: string, file: string][] = [
  [/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/u, '@rc-component/form', '@rc-component/form/es/FormContext.js'],
  [/[\\/]antd[\\/]es[\\/]input[\\/]Input\.js$/u, '@rc-component/input', '@rc-component/input/es/Input.js'],
];
const narrowImports = {
  name: 'kelola-narrow-imports',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    const found = importer ? NARROW_IMPORTS.find(([from, wanted]) => wanted === source && from.test(importer)) : undefined;
    return found ? path.join(modules, found[2]) : null;
  },
};

/**
 * Imports antd makes for a case the app does not have, pointed at lazy wrappers (`src/lib/antd-lazy`): the tooltip
 * `UniqueProvider` of ConfigProvider (drawn only with `tooltip.unique`) and Segmented's `Tooltip` (drawn only around
 * an option with a `tooltip`). Statically, they bring rc-trigger into the first chunk (ADR 0053). Likewise List's
 * `Pagination` (drawn only with a `pagination` prop); and Button's style tokens' `isBright`, pointed at a copy of the
 * function: its module draws the colour presets with a Collapse (ADR 0058).
 */
const LAZY_ANTD: [importer: RegExp, source: string, file: string, name: string, as?: string][] = [
  [
    /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/u,
    '../tooltip/UniqueProvider',
    'lib/antd-lazy/tooltip-unique-provider.tsx',
    'LazyUniqueProvider',
  ],
  [/[\\/]antd[\\/]es[\\/]segmented[\\/]index\.js$/u, '../tooltip', 'lib/antd-lazy/tooltip.tsx', 'LazyTooltip'],
  // List draws a Pagination only with a `pagination` prop, which no list of the app sets (ADR 0058).
  [/[\\/]antd[\\/]es[\\/]list[\\/]index\.js$/u, '../pagination', 'lib/antd-lazy/pagination.tsx', 'LazyPagination'],
  // Card draws Tabs only with a `tabList` prop, which no card of the app sets (ADR 0059).
  [/[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/u, '../tabs', 'lib/antd-lazy/tabs.tsx', 'LazyTabs'],
  // Button's style tokens take `isBright` from ColorPresets, which draws a Collapse (kept by its side effects, ADR 0058).
  [
    /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/u,
    '../../color-picker/components/ColorPresets',
    'lib/antd-lazy/is-bright.ts',
    'isBright',
    'isBright',
  ],
];
const LAZY_PREFIX = '\0kelola-lazy-antd:';
/** antd imports them as default exports (isBright by name); the app's modules export names, a virtual module renames them. */
const lazyAntd = {
  name: 'kelola-lazy-antd',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    const index = importer ? LAZY_ANTD.findIndex(([from, wanted]) => wanted === source && from.test(importer)) : -1;
    return index >= 0 ? `${LAZY_PREFIX}${index}` : null;
  },
  load(id: string) {
    if (!id.startsWith(LAZY_PREFIX)) return null;
    const [, , file, name, as = 'default'] = LAZY_ANTD[Number(id.slice(LAZY_PREFIX.length))] ?? [];
    if (!file || !name) return null;
    return `export { ${name} as ${as} } from ${JSON.stringify(path.join(src, file))};`;
  },
};

/**
 * The files a lazy import preloads, less those already there: the chunk that makes the import and the chunks it
 * imports statically (for the first chunk: React, the router, i18next, TanStack Query, the bundler's runtime) are
 * loaded before its code runs, and listing them lengthened every lazy import's list (the screens', the texts'). A
 * lazy import left with nothing but its own file gets no list at all (ADR 0059).
 */
const staticImports = new Map<string, ReadonlySet<string>>();
const knowStaticImports = {
  name: 'kelola-static-imports',
  generateBundle: {
    order: 'pre' as const,
    handler(_options: unknown, bundle: Record<string, { type: string; imports?: string[] }>) {
      for (const [file, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk') staticImports.set(file, new Set([file, ...(chunk.imports ?? [])]));
    },
  },
};
function preloadList(file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  const loaded = staticImports.get(hostId);
  const wanted = loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  return wanted.length === 1 && wanted[0] === file ? [] : wanted;
}

export default defineConfig({
  plugins: [narrowImports, lazyAntd, react(), knowStaticImports],
  resolve: {
    alias: { '@contracts-locales': contractsLocales },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    modulePreload: { resolveDependencies: preloadList },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
