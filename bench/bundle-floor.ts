// The floor under issue #16's budget for a first screen after sign-in (200 KB of gzip): builds, with
// the console's own Vite setup (React plugin, react-router's production build), a page made of
// nothing but the foundations docs/architecture.md names, one layer at a time, and prints the JavaScript
// each layer adds, gzip level 9 as `npm run check:bundle` counts it. No console code is in it: only
// what the shell draws with (the Mantine components of src/web/app/layout), a route, a query, a
// schema checked, and, for the order builder, a form.
//   npm run bench:bundle-floor
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

type Layer = { name: string; imports: string; body: string };

/** The page either router draws: a link built from the search params. */
const ROUTED_PAGE = `function Page() { const [params] = useSearchParams(); return <Link to={'/?q=' + (params.get('q') ?? '')}>page</Link>; }`;

/** The router as the smallest console could use it: routes as elements, no loaders. */
const DECLARATIVE_ROUTER: Layer = {
  name: 'react-router 7 (a browser router, routes, links, search params)',
  imports: `import { BrowserRouter, Link, Route, Routes, useSearchParams } from 'react-router';`,
  body: `${ROUTED_PAGE}
parts.push(<BrowserRouter key="r"><Routes><Route path="*" element={<>{parts.splice(0)}<Page /></>} /></Routes></BrowserRouter>);`,
};
/** The router as the console uses it (src/web/app/router.tsx): a data router, whose loaders fetch a page's chunk and first query beside the shell. */
const DATA_ROUTER: Layer = {
  name: 'react-router 7 as a data router (createBrowserRouter, loaders, RouterProvider)',
  imports: `import { createBrowserRouter, Link, useSearchParams } from 'react-router'; import { RouterProvider } from 'react-router/dom';`,
  body: `${ROUTED_PAGE}
const inner = parts.splice(0);
parts.push(<RouterProvider key="r" router={createBrowserRouter([{ path: '*', loader: async () => null, element: <>{inner}<Page /></> }])} />);`,
};

/** Each layer's imports, and what its part of the page does with them (so that nothing is shaken out). */
const LAYERS: Layer[] = [
  {
    name: 'React 19 and react-dom (createRoot)',
    imports: `import { createRoot } from 'react-dom/client';`,
    body: `const parts: React.ReactNode[] = [];`,
  },
  {
    name: 'Mantine 9: the provider and the components the console’s shell draws (with floating-ui)',
    imports: `import { MantineProvider, ActionIcon, Anchor, AppShell, Badge, Box, Burger, Button, Group, Menu, NavLink, Skeleton, Stack, Text, Tooltip, VisuallyHidden, useMantineColorScheme } from '@mantine/core';`,
    body: `function Shell({ children }: { children: React.ReactNode }) {
  const { toggleColorScheme } = useMantineColorScheme();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm' }}>
      <AppShell.Header><Group><Burger opened={false} /><Anchor href="/">Asset Ops</Anchor><ActionIcon onClick={toggleColorScheme}>◐</ActionIcon>
        <Menu><Menu.Target><Button>Me</Button></Menu.Target><Menu.Dropdown><Menu.Item>Sign out</Menu.Item></Menu.Dropdown></Menu></Group></AppShell.Header>
      <AppShell.Navbar><Stack><NavLink label="Home" /><Tooltip label="3 waiting"><Badge>3</Badge></Tooltip><VisuallyHidden>nav</VisuallyHidden></Stack></AppShell.Navbar>
      <AppShell.Main><Box>{children}</Box><Skeleton h={8} /><Text>.</Text></AppShell.Main>
    </AppShell>
  );
}
parts.push(<MantineProvider key="m"><Shell>{parts.splice(0)}</Shell></MantineProvider>);`,
  },
  DECLARATIVE_ROUTER,
  {
    name: 'TanStack Query 5 (a client, one query)',
    imports: `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';`,
    body: `const client = new QueryClient();
function Rows() { const q = useQuery({ queryKey: ['rows'], queryFn: async () => (await fetch('/v1/rows')).json() as Promise<unknown> }); return <pre>{JSON.stringify(q.data)}</pre>; }
parts.push(<QueryClientProvider key="q" client={client}>{parts.splice(0)}<Rows /></QueryClientProvider>);`,
  },
  {
    name: 'zod 4 (one schema of the contract’s kind, checked)',
    imports: `import { z } from 'zod';`,
    body: `const Row = z.object({ id: z.uuid(), name: z.string().min(1).max(100), amount: z.string().regex(/^\\d+(\\.\\d+)?$/), at: z.iso.datetime(), kind: z.enum(['A', 'B']).optional() });
parts.push(<pre key="z">{String(Row.safeParse(JSON.parse(document.body.dataset.row ?? 'null')).success)}</pre>);`,
  },
  {
    name: 'react-hook-form 7 (one form: what the order builder adds)',
    imports: `import { useForm } from 'react-hook-form';`,
    body: `function Form() { const { register, handleSubmit, formState } = useForm<{ amount: string }>(); return <form onSubmit={handleSubmit(console.log)}><input {...register('amount', { required: true })} />{formState.errors.amount && 'required'}</form>; }
parts.push(<Form key="f" />);`,
  },
];

const root = join(process.cwd(), 'node_modules', '.cache', 'bundle-floor');
const router = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

async function gzipOf(layers: Layer[]): Promise<number> {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(
    join(root, 'main.tsx'),
    [...layers.map((l) => l.imports), ...layers.map((l) => l.body), `createRoot(document.getElementById('root')!).render(<>{parts}</>);`].join('\n'),
  );
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: router('index.mjs') },
        { find: /^react-router\/dom$/, replacement: router('dom-export.mjs') },
      ],
    },
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const rows: { layer: string; adds: string; total: string }[] = [];
let before = 0;
for (let i = 1; i <= LAYERS.length; i++) {
  const total = await gzipOf(LAYERS.slice(0, i));
  rows.push({ layer: LAYERS[i - 1]!.name, adds: kb(total - before), total: kb(total) });
  before = total;
}
const withDataRouter = await gzipOf(LAYERS.map((l) => (l === DECLARATIVE_ROUTER ? DATA_ROUTER : l)));
rmSync(root, { recursive: true, force: true });
console.table(rows);
console.log(
  `The foundations alone: ${kb(before)} of the 200 KB asked for the largest first screen after sign-in, leaving ${kb(200_000 - before)} for the shell's and the page's own code (npm run check:bundle prints the console's screens).`,
);
console.log(
  `With the router as the console uses it, a data router: ${kb(withDataRouter)} (${kb(withDataRouter - before)} more), leaving ${kb(200_000 - withDataRouter)}.`,
);
