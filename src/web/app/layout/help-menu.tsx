import { ActionIcon, Menu } from '@mantine/core';
import { IconApi, IconExternalLink, IconFileCode, IconHelp } from '@tabler/icons-react';
import { OPENAPI_PATH } from '../../../contract/routes/operation';

/** Where the service serves its rendered API reference and the OpenAPI document it is made from (see the README's table). */
export const API_REFERENCE_URL = '/docs';
export const OPENAPI_URL = OPENAPI_PATH;

/** The header's help menu: the documentation the service itself serves, each opened in a new tab. */
export function HelpMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Help" title="Help">
          <IconHelp size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>For developers</Menu.Label>
        <Menu.Item
          component="a"
          href={API_REFERENCE_URL}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconApi size={16} aria-hidden />}
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label="API reference (opens in a new tab)"
        >
          API reference
        </Menu.Item>
        <Menu.Item
          component="a"
          href={OPENAPI_URL}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconFileCode size={16} aria-hidden />}
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label="OpenAPI document (opens in a new tab)"
        >
          OpenAPI document
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
