import Link from 'next/link';
import type { MenuItem } from '@/lib/variants';
import { PromptLink } from './PromptLink';

function ItemLink({ item, className, role }: { item: MenuItem; className: string; role?: string }) {
  return item.promptLogin ? (
    <PromptLink href={item.href} className={className} role={role}>
      {item.label}
    </PromptLink>
  ) : (
    <Link href={item.href} className={className} role={role} prefetch={false}>
      {item.label}
    </Link>
  );
}

/**
 * The main menu of the variant with dropdown children. The dropdown opens on hover and on
 * keyboard focus (focus-within), so it works without JavaScript and from the keyboard.
 */
export function NavBar({ menu }: { menu: MenuItem[] }) {
  return (
    <nav aria-label="主导航" className="bg-brand-700 text-white">
      <ul className="page-width flex flex-wrap items-stretch">
        {menu.map((item) => (
          <li key={item.href + item.label} className="group relative">
            <ItemLink item={item} className="nav-top" />
            {item.children && (
              <ul className="nav-sub">
                {item.children.map((child) => (
                  <li key={child.href}>
                    <ItemLink item={child} className="nav-child" />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
