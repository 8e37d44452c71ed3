import type { Page } from '@playwright/test';
import { mayPerform, type OperationId } from '../src/contract/operations';
import type { Role } from '../src/contract/roles';
import { NAV_ITEMS } from '../src/web/app/navigation';
import { CONSOLE_ACTIONS } from '../src/web/lib/console-actions';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { openInConsole } from './pages/console-walk';

/*
 * No page offers a role what the service would refuse it. Every control that performs an operation
 * carries its operationId (data-operation, set by the console's one ActionButton), so each role's
 * walk of every page it may open is held against the operations table, whatever the page or button.
 * And the other way round: each page offers its actions (CONSOLE_ACTIONS, src/web/lib/console-actions.ts) to every
 * role that may perform them.
 */

// One persona per role the console is used in, named literally so the setup project signs them in.
const PERSONAS = [
  { signedInAs: 'owner' },
  { signedInAs: 'admin' },
  { signedInAs: 'nsadmin' },
  { signedInAs: 'signer' },
  { signedInAs: 'approver' },
  { signedInAs: 'trader' },
  { signedInAs: 'viewer' },
  { signedInAs: 'auditor' },
  { signedInAs: 'secadmin' },
] as const;

/** Every page of the navigation a role may open that needs no record's id (those are reached from a list). */
const pagesFor = (role: Role) => NAV_ITEMS.filter((item) => !item.path.includes(':') && mayPerform(role, item.operation));

/** The operations of the controls the page offers: marked, in view and usable. */
const offeredOperations = (page: Page) =>
  page
    .locator('[data-operation]:visible')
    .evaluateAll((controls) =>
      controls
        .filter((control) => !(control as HTMLButtonElement).disabled && !control.hasAttribute('data-disabled'))
        .map((control) => control.getAttribute('data-operation')!),
    ) as Promise<OperationId[]>;

for (const persona of PERSONAS) {
  test.describe(`as ${persona.signedInAs}`, () => {
    test.use(persona);

    test('every page offers only actions the role may perform, and the actions of the page it may', async ({ page }) => {
      // A dozen and more pages, each waited on until drawn in full.
      const shell = new ConsoleShell(page);
      const { role } = (await shell.start()).user;

      const refused: string[] = [];
      for (const item of pagesFor(role)) {
        await openInConsole(page, item.path);
        await expect(page).toHaveTitle(`${item.label} · Asset Ops`);
        // An action that is a page of its own (New order) is that page's form, offered by the link to it: the dialogs are the page's controls.
        for (const action of CONSOLE_ACTIONS.filter((action) => action.dialog && action.path === item.path && mayPerform(role, action.operation))) {
          // Some wait for what their form needs (the assets' chains) before they can be used.
          await expect
            .soft(page.locator(`[data-operation="${action.operation}"]:visible`).first(), `${item.path} offers ${action.label} to ${role}`)
            .toBeEnabled();
        }
        for (const operation of new Set(await offeredOperations(page))) if (!mayPerform(role, operation)) refused.push(`${item.path}: ${operation}`);
      }
      expect(refused, `offered to ${role} but refused by the service`).toEqual([]);
    });
  });
}
