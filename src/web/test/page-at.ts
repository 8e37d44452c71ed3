import { matchRoutes } from 'react-router';
import { NAV_ITEMS, type NavItem } from '../app/navigation';

/** The nav item the router serves at `pathname`, as router.tsx builds its routes from the table (a static segment above a parameter). */
export function pageAt(pathname: string): NavItem | undefined {
  return matchRoutes(
    NAV_ITEMS.map((item) => ({ path: item.path, item })),
    pathname,
  )?.at(-1)?.route.item;
}
