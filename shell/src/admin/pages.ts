// The shell's own pages under /dashboard, declared once like a remote's (src/pages.ts): app.tsx
// routes and gates them, layout/navigation.ts puts them in the menu, last.
import { definePages } from '@almacen/shared/pages';

export const SHELL_PAGES = definePages({
  label: 'Administración',
  area: 'admin',
  groups: { admin: 'Administración' },
  pages: {
    users: { path: 'users', title: 'Usuarios', permission: 'users.manage', menu: { group: 'admin' } },
    audit: { path: 'audit', title: 'Bitácora', permission: 'audit.read', menu: { group: 'admin' } },
    backups: { path: 'backups', title: 'Respaldos', permission: 'backups.read', menu: { group: 'admin' } },
    warehouses: { path: 'warehouses', title: 'Almacenes', permission: 'warehouses.manage', menu: { group: 'admin' } },
  },
});
