import { Menu } from '@mantine/core';
import { IconApi, IconExternalLink, IconFileCode, IconHelp } from '@tabler/icons-react';
import { OPENAPI_PATH } from '../../../contract/routes/operation';
import { HeaderMenu } from './header-menu';

/** Where the service serves its rendered API reference and the OpenAPI document it is made from (see the README's table). */
export const API_REFERENCE_URL = '/docs';
export const OPENAPI_URL = OPENAPI_PATH;

const DOCUMENTS = [
  { title: 'API reference', href: API_REFERENCE_URL, icon: IconApi },
  { title: 'OpenAPI document', href: OPENAPI_URL, icon: IconFileCode },
];

/** The header's help menu: the documentation the service itself serves, each opened in a new tab. */
export function HelpMenu() {
  return (
    <HeaderMenu label="Help" icon={IconHelp}>
      <Menu.Label>For developers</Menu.Label>
      {DOCUMENTS.map(({ title, href, icon: DocumentIcon }) => (
        <Menu.Item
          key={href}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<DocumentIcon size={16} aria-hidden />}
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={`${title} (opens in a new tab)`}
        >
          {title}
        </Menu.Item>
      ))}
    </HeaderMenu>
  );
}
