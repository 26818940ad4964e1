// The back office's pages, each its own chunk, keyed './features/…/admin/…Screen.tsx'. Their
// index is a chunk of its own too, fetched with the first back-office page an admin opens: the
// shopper's first load carries none of their names or dependency lists (router.tsx).
import type { ComponentType } from 'react';

export const ADMIN_PAGES = import.meta.glob<{ default: ComponentType }>(['./features/*/admin/*Screen.tsx', '!**/*.test.tsx'], { base: '/src/' });
